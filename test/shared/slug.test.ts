import { describe, expect, it } from 'vitest';
import { foldName, slugify } from '../../shared/slug';

describe('slugify', () => {
  it('makes a lower-case, dash-separated slug without accents or punctuation', () => {
    expect(slugify('Lumière Boutique & Co')).toBe('lumiere-boutique-co');
    expect(slugify('  Maison   Aurelle ')).toBe('maison-aurelle');
    expect(slugify('!Maison Aurelle')).toBe('maison-aurelle');
    expect(slugify('Harrowgate & Finch')).toBe('harrowgate-finch');
  });
  it('is empty when nothing Latin is left (the caller picks another slug)', () => {
    expect(slugify('東京')).toBe('');
    expect(slugify('!!!')).toBe('');
  });
});

describe('foldName: when two brand names are the same', () => {
  it('folds case, accents, punctuation and spacing', () => {
    for (const lookAlike of ['!Maison Aurelle', 'maison  aurelle', 'Maison Aurèlle', 'MAISON-AURELLE', ' Maison.Aurelle ', 'Maison\u00a0Aurelle', 'Mai\u0301son Aurelle'])
      expect(foldName(lookAlike), lookAlike).toBe(foldName('Maison Aurelle'));
  });
  it('keeps different names apart, letters of other scripts included', () => {
    expect(foldName('Maison Aurelle')).not.toBe(foldName('Maison Aurelie'));
    expect(foldName('東京')).toBe('東京');
    expect(foldName('東京')).not.toBe(foldName('大阪'));
  });
});
