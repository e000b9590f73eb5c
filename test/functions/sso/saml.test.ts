/**
 * Our SAML service provider (issue 26 step 4; functions/sso/saml) against the local identity
 * provider's answers (infra/local/saml-idp.ts, samlify), in-process: a signed answer to a request
 * of this brand signs in once; refused: no signature, another key's signature, a changed NameID,
 * another brand's audience, a request of another brand or never sent, a replay (after and at the
 * same time), an expired answer, and XML signature wrapping (an unsigned assertion put beside or
 * around the signed one). And the brand's metadata as a brand admin pastes it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAML_MSG as M } from '../../../shared/messages/saml';
import { MetadataError, parseIdpMetadata } from '../../../functions/sso/saml/metadata';
import { checkSamlResponse, SamlNoEmailError, SamlRefusedError, samlSignInUrl, type SamlBrand, type SamlStores } from '../../../functions/sso/saml/saml';
import { serviceProvider } from '../../../functions/sso/saml/service-provider';
import { readAuthnRequest, samlAnswer, samlIdentityProvider, samlServiceProvider } from '../../../infra/local/saml-idp';

const APP = 'http://localhost:3999';
const IDP_URL = 'http://localhost:8999';
const idp = samlIdentityProvider(IDP_URL);
const metadata = idp.getMetadata();

/** The table's one-time items, in memory with the same take-once semantics. */
function memoryStores(): SamlStores & { requests: Map<string, string>; assertions: Set<string> } {
  const requests = new Map<string, string>();
  const assertions = new Set<string>();
  return {
    requests,
    assertions,
    saveRequest: async (b, id, instant) => void requests.set(`${b}#${id}`, instant),
    getRequest: async (b, id) => requests.get(`${b}#${id}`) ?? null,
    takeRequest: async (b, id) => requests.delete(`${b}#${id}`),
    takeAssertion: async (id) => (assertions.has(id) ? false : (assertions.add(id), true)),
  };
}

const brand = (brandId: string): SamlBrand => ({ brandId, idp: parseIdpMetadata(metadata, { allowHttp: true }) });
const spOf = (brandId: string) => {
  const sp = serviceProvider(APP, brandId);
  return samlServiceProvider(sp.entityId, sp.acsUrl);
};

/** Starts a sign-in of `b` (the AuthnRequest kept in `stores`): its request id. */
async function started(b: SamlBrand, stores: SamlStores): Promise<string> {
  const url = new URL(await samlSignInUrl(APP, b, stores, 'relay'));
  expect(url.origin + url.pathname).toBe(`${IDP_URL}/sso`);
  const request = readAuthnRequest(url.searchParams.get('SAMLRequest')!);
  expect(request.issuer).toBe(serviceProvider(APP, b.brandId).entityId);
  expect(request.acsUrl).toBe(serviceProvider(APP, b.brandId).acsUrl);
  return request.id;
}

const xmlOf = (answer: string) => Buffer.from(answer, 'base64').toString('utf8');
const answerOf = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

async function refusedWith(p: Promise<unknown>, pattern?: RegExp) {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(SamlRefusedError);
  if (pattern) expect((e as Error).message).toMatch(pattern);
}

let otherKey: { key: string; cert: string };
beforeAll(() => {
  // Another identity provider's key and certificate (an impostor signing as ours).
  const dir = mkdtempSync(path.join(tmpdir(), 'saml-impostor-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-keyout', path.join(dir, 'k.pem'), '-out', path.join(dir, 'c.pem'), '-days', '2', '-nodes', '-subj', '/CN=impostor'], { stdio: 'ignore' });
    otherKey = { key: readFileSync(path.join(dir, 'k.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'c.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
afterEach(() => vi.useRealTimers());

describe('a SAML answer', () => {
  it('signed by the brand’s identity provider, to a request of this brand, signs its person in once', async () => {
    const stores = memoryStores();
    const b = brand('brand-a');
    const requestId = await started(b, stores);
    const answer = await samlAnswer(idp, spOf('brand-a'), requestId, 'Ana.Silva@Aurelle.example');
    expect(await checkSamlResponse(APP, b, stores, answer)).toEqual({ email: 'ana.silva@aurelle.example', nameId: 'Ana.Silva@Aurelle.example' });
    // The request is answered, the assertion taken: the same answer again is refused.
    expect(stores.requests.size).toBe(0);
    await refusedWith(checkSamlResponse(APP, b, stores, answer));
  });

  it('posted twice at once signs in once (the assertion is taken once even while its request is still there)', async () => {
    const stores = memoryStores();
    const b = brand('brand-a');
    const answer = await samlAnswer(idp, spOf('brand-a'), await started(b, stores), 'ana@aurelle.example');
    const both = await Promise.allSettled([checkSamlResponse(APP, b, stores, answer), checkSamlResponse(APP, b, stores, answer)]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(stores.assertions.size).toBe(1);
  });

  it('refuses an answer with no signature at all, and one signed by another key', async () => {
    const stores = memoryStores();
    const b = brand('brand-a');
    const signed = xmlOf(await samlAnswer(idp, spOf('brand-a'), await started(b, stores), 'ana@aurelle.example'));
    const doc = parse(signed);
    for (const sig of Array.from(doc.getElementsByTagNameNS(DSIG_NS, 'Signature'))) sig.parentNode!.removeChild(sig);
    await refusedWith(checkSamlResponse(APP, b, stores, answerOf(new XMLSerializer().serializeToString(doc))));

    const impostor = samlIdentityProvider(IDP_URL, otherKey.key, otherKey.cert);
    await refusedWith(checkSamlResponse(APP, b, stores, await samlAnswer(impostor, spOf('brand-a'), await started(b, stores), 'ana@aurelle.example')));
    expect(stores.assertions.size).toBe(0);
  });

  it('refuses a signed assertion whose NameID was changed afterwards', async () => {
    const stores = memoryStores();
    const b = brand('brand-a');
    const xml = xmlOf(await samlAnswer(idp, spOf('brand-a'), await started(b, stores), 'ana@aurelle.example'));
    await refusedWith(checkSamlResponse(APP, b, stores, answerOf(xml.replace('>ana@aurelle.example<', '>boss@aurelle.example<'))));
  });

  it("refuses an answer for another brand's service provider, and one to a request of another brand or never sent", async () => {
    const stores = memoryStores();
    const a = brand('brand-a');
    const bb = brand('brand-b');
    // Audience brand-b, posted to brand-a (its request id brand-a's own).
    await refusedWith(checkSamlResponse(APP, a, stores, await samlAnswer(idp, spOf('brand-b'), await started(a, stores), 'ana@aurelle.example')));
    // A request brand-b sent, answered for brand-b, replayed at brand-a's address.
    const forB = await samlAnswer(idp, spOf('brand-b'), await started(bb, stores), 'ana@aurelle.example');
    await refusedWith(checkSamlResponse(APP, a, stores, forB));
    // Never requested.
    await refusedWith(checkSamlResponse(APP, a, stores, await samlAnswer(idp, spOf('brand-a'), '_never-sent', 'ana@aurelle.example')), /InResponseTo/);
  });

  it('refuses an answer past its NotOnOrAfter (five minutes, 30 s of skew)', async () => {
    const stores = memoryStores();
    const b = brand('brand-a');
    const answer = await samlAnswer(idp, spOf('brand-a'), await started(b, stores), 'ana@aurelle.example');
    vi.useFakeTimers({ now: Date.now() + 6 * 60_000, toFake: ['Date'] });
    await refusedWith(checkSamlResponse(APP, b, stores, answer));
  });

  it('refuses XML signature wrapping: an unsigned assertion first, the signed one kept after it or inside it', async () => {
    const b = brand('brand-a');
    const wrapped = async (wrap: (doc: Document, signed: Element, evil: Element) => void) => {
      const stores = memoryStores();
      const doc = parse(xmlOf(await samlAnswer(idp, spOf('brand-a'), await started(b, stores), 'ana@aurelle.example')));
      const signed = doc.getElementsByTagNameNS(ASSERTION_NS, 'Assertion')[0]!;
      const evil = signed.cloneNode(true) as Element;
      evil.setAttribute('ID', '_evil');
      for (const sig of Array.from(evil.getElementsByTagNameNS(DSIG_NS, 'Signature'))) sig.parentNode!.removeChild(sig);
      evil.getElementsByTagNameNS(ASSERTION_NS, 'NameID')[0]!.textContent = 'boss@aurelle.example';
      wrap(doc, signed, evil);
      return checkSamlResponse(APP, b, stores, answerOf(new XMLSerializer().serializeToString(doc)));
    };
    // The evil assertion before the signed one.
    await refusedWith(wrapped((doc, signed, evil) => void signed.parentNode!.insertBefore(evil, signed)));
    // The signed one moved inside the evil one (where a careless reader finds "a valid signature").
    await refusedWith(wrapped((doc, signed, evil) => (signed.parentNode!.replaceChild(evil, signed), evil.appendChild(signed))));
    // The signed one moved into the response's Extensions, the evil one in its place.
    await refusedWith(
      wrapped((doc, signed, evil) => {
        const ext = doc.createElementNS('urn:oasis:names:tc:SAML:2.0:protocol', 'samlp:Extensions');
        signed.parentNode!.replaceChild(evil, signed);
        ext.appendChild(signed);
        doc.documentElement!.insertBefore(ext, doc.documentElement!.firstChild);
      }),
    );
  });

  it('without an email address: the person is told their provider did not send it', async () => {
    const stores = memoryStores();
    const b = brand('brand-a');
    const answer = await samlAnswer(idp, spOf('brand-a'), await started(b, stores), 'not-an-email');
    await expect(checkSamlResponse(APP, b, stores, answer)).rejects.toBeInstanceOf(SamlNoEmailError);
  });
});

describe("the brand's identity provider metadata", () => {
  it('reads the entity id, the HTTP-Redirect sign-on address and the signing certificate', () => {
    const read = parseIdpMetadata(metadata, { allowHttp: true });
    expect(read).toMatchObject({ entityId: `${IDP_URL}/metadata`, ssoUrl: `${IDP_URL}/sso` });
    expect(read.certs).toHaveLength(1);
  });

  it('refuses, each with its message: nothing, not XML, a DOCTYPE, no provider, no sign-on address, http outside localhost, no certificate', () => {
    const refused = (xml: string, message: string, opts = {}) => {
      expect(() => parseIdpMetadata(xml, opts)).toThrow(MetadataError);
      expect(() => parseIdpMetadata(xml, opts)).toThrow(message);
    };
    refused('   ', M.metadataRequired);
    refused('this is not xml <<<', M.metadataUnreadable);
    refused(`<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${metadata}`, M.metadataUnreadable);
    refused('<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"><SPSSODescriptor/></EntityDescriptor>', M.metadataNoEntity);
    refused(metadata.replace(/Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="[^"]*\/sso"/, 'Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="http://localhost:8999/sso"'), M.metadataNoSso);
    refused(metadata, M.metadataBadUrl);
    refused(metadata.replace(/<(\w+:)?X509Certificate>[^<]*<\/(\w+:)?X509Certificate>/g, ''), M.metadataNoCert, { allowHttp: true });
    refused('x'.repeat(100_001), M.metadataTooLarge);
    // A key only for encryption is no signing key.
    refused(metadata.replace('<KeyDescriptor use="signing">', '<KeyDescriptor use="encryption">'), M.metadataNoCert, { allowHttp: true });
  });
});
