/**
 * The contact form's rules (000 §2, §3, §5): the default subject (one product singular; several
 * products, the brand profile or a flag modal plural), canned-message placeholders filled from
 * the first target contact and the form's values (HTML-escaped, unknown ones kept), whether a
 * target is needed first, 'Please enter message.' on an empty editor, and the attachment checks.
 */
import { describe, expect, it } from 'vitest';
import { CONTACT_MSG } from '../../../shared/messages/contact';
import { CONTACT_LIMITS, hasRichText } from '../../../shared/schemas/contact';
import { attachmentProblem } from '../../../web/src/features/contact/attachments';
import { fillPlaceholders, needsTarget, placeholderValues, subjectFor } from '../../../web/src/features/contact/placeholders';

describe('default subject', () => {
  it('is singular for exactly one product, plural for several, for the brand profile and from a flag modal', () => {
    const retailerName = 'Harrowgate & Finch';
    expect(subjectFor({ retailerName, source: 'product', productCount: 1 })).toBe('Issue found on the Harrowgate & Finch website');
    expect(subjectFor({ retailerName, source: 'product', productCount: 3 })).toBe('Issues found on the Harrowgate & Finch website');
    expect(subjectFor({ retailerName, source: 'product', productCount: 1, fromFlag: true })).toBe('Issues found on the Harrowgate & Finch website');
    expect(subjectFor({ retailerName, source: 'brand', productCount: 0 })).toBe('Issues found on the Harrowgate & Finch website');
  });
});

describe('placeholders', () => {
  const fixed = { User_name: 'Béatrice Marchand', Retailer_name: 'Harrowgate & Finch', Brand_name: 'Maison Aurelle' };
  const target = { firstName: 'Alice', lastName: 'O’Brien <b>', email: 'alice@harrowgate.example', role: 'Buyer' };

  it('fills the first target contact’s fields and the form’s values, HTML-escaped, and keeps unknown names', () => {
    const html = '<p>Dear {firstName} {lastName} ({role}, {email}),</p><p>{Retailer_name} sells {Brand_name}. {Unknown}</p><p>{User_name}</p>';
    expect(fillPlaceholders(html, placeholderValues(fixed, target))).toBe(
      '<p>Dear Alice O’Brien &lt;b&gt; (Buyer, alice@harrowgate.example),</p><p>Harrowgate &amp; Finch sells Maison Aurelle. {Unknown}</p><p>Béatrice Marchand</p>',
    );
  });

  it('without a target leaves the contact’s placeholders, and says when a target is needed first', () => {
    expect(fillPlaceholders('<p>Hi {firstName}, {User_name}</p>', placeholderValues(fixed, undefined))).toBe('<p>Hi {firstName}, Béatrice Marchand</p>');
    expect(needsTarget('<p>Dear {lastName}</p>')).toBe(true);
    expect(needsTarget('<p>From {User_name} at {Brand_name}</p>')).toBe(false);
  });

  it('does not let a value inject a placeholder or markup', () => {
    expect(fillPlaceholders('{firstName} {lastName}', { firstName: '{lastName}', lastName: '<script>' })).toBe('{lastName} &lt;script&gt;');
  });
});

describe('message and attachments', () => {
  it("an empty editor or spaces only is 'Please enter message.'; text or an image is a message", () => {
    for (const empty of ['', '<p><br></p>', '<p>&nbsp; </p>', '<p><strong> </strong></p>']) expect(hasRichText(empty), empty).toBe(false);
    expect(hasRichText('<p>Hello</p>')).toBe(true);
    expect(hasRichText('<p><img src="https://x.example/a.png"></p>')).toBe(true);
    expect(CONTACT_MSG.noMessage).toBe('Please enter message.');
    expect(CONTACT_MSG.noTarget).toBe('Please enter first target email address.');
  });

  it('accepts images within the limits and names the first file that is not', () => {
    const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
    expect(attachmentProblem([file('a.png', 'image/png'), file('b.jpg', 'image/jpeg'), file('c.gif', 'image/gif'), file('d.webp', 'image/webp')])).toBeUndefined();
    expect(attachmentProblem([file('a.png', 'image/png'), file('x.svg', 'image/svg+xml')])).toBe(CONTACT_MSG.notAnImage('x.svg'));
    expect(attachmentProblem([file('big.png', 'image/png', CONTACT_LIMITS.maxFileBytes + 1)])).toBe(CONTACT_MSG.fileTooLarge('big.png', 10));
    expect(attachmentProblem(Array.from({ length: 11 }, (_, i) => file(`${i}.png`, 'image/png')))).toBe(CONTACT_MSG.tooManyFiles(10));
    expect(attachmentProblem(Array.from({ length: 3 }, (_, i) => file(`${i}.png`, 'image/png', CONTACT_LIMITS.maxFileBytes)))).toBe(CONTACT_MSG.filesTooLarge(25));
  });
});
