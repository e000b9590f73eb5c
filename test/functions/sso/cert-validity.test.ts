/** The last day a SAML provider's signing certificates are valid (functions/sso/saml/metadata.ts certsValidUntil): what its admin is warned of. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { certsValidUntil } from '../../../functions/sso/saml/metadata';

const body = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

function certFor(days: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cert-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-keyout', path.join(dir, 'k.pem'), '-out', path.join(dir, 'c.pem'), '-days', String(days), '-nodes', '-subj', '/CN=idp'], { stdio: 'ignore' });
    return body(readFileSync(path.join(dir, 'c.pem'), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('certsValidUntil', () => {
  it("is the certificate's last day (UTC); of several, the latest (a rotation in progress); none readable: null", () => {
    const demo = body(readFileSync(path.join(__dirname, '../../../infra/local/saml-idp/demo-idp.cert.pem'), 'utf8'));
    const demoUntil = new Date(Date.parse(new X509Certificate(Buffer.from(demo, 'base64')).validTo)).toISOString().slice(0, 10);
    expect(certsValidUntil([demo])).toBe(demoUntil);
    const short = certFor(2);
    const inTwoDays = Date.now() + 2 * 86_400_000;
    expect([new Date(inTwoDays - 60_000).toISOString().slice(0, 10), new Date(inTwoDays + 60_000).toISOString().slice(0, 10)]).toContain(certsValidUntil([short]));
    const later = [certsValidUntil([short])!, demoUntil].sort().at(-1);
    expect(certsValidUntil([short, demo])).toBe(later);
    expect(certsValidUntil(['bm90IGEgY2VydGlmaWNhdGU=', short])).toBe(certsValidUntil([short]));
    expect(certsValidUntil(['bm90IGEgY2VydGlmaWNhdGU='])).toBeNull();
    expect(certsValidUntil([])).toBeNull();
  });
});
