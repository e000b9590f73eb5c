/**
 * Our SAML 2.0 service provider for a brand (issue 26, decision 42), through @node-saml/node-saml:
 * no SAML of our own but the configuration. A sign-in sends an AuthnRequest (HTTP-Redirect) to the
 * brand's identity provider; its answer (HTTP-POST to the brand's assertion consumer address) is
 * accepted only when node-saml finds:
 * - the assertion signed by one of the brand's IdP certificates (`wantAssertionsSigned`; xml-crypto
 *   checks that the signed node is the assertion read, so a wrapped copy is refused);
 * - the issuer the brand's IdP, the audience this brand's service provider (another brand's
 *   answer is not this one's), the time conditions met (NotBefore, NotOnOrAfter; 30 s of skew);
 * - InResponseTo a request this brand sent and did not see answered yet (`requests`, taken once).
 * Then the assertion's id is taken once until its NotOnOrAfter (`takeAssertion`): a replayed
 * answer, or the same answer posted twice at once, signs in at most once.
 */
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { SamlIdp } from './metadata';
import { serviceProvider } from './service-provider';

export interface SamlBrand {
  brandId: string;
  idp: SamlIdp;
}

/** Where a SAML sign-in's one-time facts are kept (./saml.repo.ts in the table; memory in unit tests). */
export interface SamlStores {
  saveRequest(brandId: string, requestId: string, instant: string): Promise<void>;
  /** The request's instant while it waits for its answer, else null. */
  getRequest(brandId: string, requestId: string): Promise<string | null>;
  /** The request removed: true for the one caller that removed it. */
  takeRequest(brandId: string, requestId: string): Promise<boolean>;
  /** The assertion's id kept until `until`: true the first time only. */
  takeAssertion(assertionId: string, until: Date): Promise<boolean>;
}

/** A refused answer: `reason` is logged; the person reads SAML_MSG.responseRefused. */
export class SamlRefusedError extends Error {}
/** An accepted answer that carries no email address. */
export class SamlNoEmailError extends Error {}

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const SKEW_MS = 30_000;
const REQUEST_MS = 10 * 60_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;


const pem = (b64: string) => `-----BEGIN CERTIFICATE-----\n${b64.replace(/(.{64})/g, '$1\n').trim()}\n-----END CERTIFICATE-----`;

function client(appUrl: string, brand: SamlBrand, stores: SamlStores): SAML {
  const sp = serviceProvider(appUrl, brand.brandId);
  const cacheProvider: CacheProvider = {
    saveAsync: async (key, value) => (await stores.saveRequest(brand.brandId, key, value), { value, createdAt: Date.now() }),
    getAsync: (key) => stores.getRequest(brand.brandId, key),
    removeAsync: async (key) => (key && (await stores.takeRequest(brand.brandId, key)) ? key : null),
  };
  return new SAML({
    callbackUrl: sp.acsUrl,
    entryPoint: brand.idp.ssoUrl,
    issuer: sp.entityId,
    audience: sp.entityId,
    idpIssuer: brand.idp.entityId,
    idpCert: brand.idp.certs.map(pem),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_MS,
    cacheProvider,
    acceptedClockSkewMs: SKEW_MS,
    identifierFormat: EMAIL_FORMAT,
    disableRequestedAuthnContext: true,
  });
}

/** The address of the brand's identity provider with a new AuthnRequest (kept for its answer) and `relayState`. */
export function samlSignInUrl(appUrl: string, brand: SamlBrand, stores: SamlStores, relayState: string): Promise<string> {
  return client(appUrl, brand, stores).getAuthorizeUrlAsync(relayState, new URL(appUrl).host, {});
}

/** The signed-in person's email of an answer posted to the brand's assertion consumer address; SamlRefusedError for any other answer. */
export async function checkSamlResponse(appUrl: string, brand: SamlBrand, stores: SamlStores, samlResponse: string): Promise<{ email: string; nameId: string }> {
  let profile: Profile | null;
  try {
    ({ profile } = await client(appUrl, brand, stores).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (e) {
    throw new SamlRefusedError((e as Error).message);
  }
  if (!profile) throw new SamlRefusedError('no profile (a logout answer)');
  const assertion = (profile.getAssertion?.() as { Assertion?: { $?: { ID?: string }; Conditions?: { $?: { NotOnOrAfter?: string } }[] } } | undefined)?.Assertion;
  const assertionId = assertion?.$?.ID;
  const notOnOrAfter = Date.parse(assertion?.Conditions?.[0]?.$?.NotOnOrAfter ?? '');
  if (!assertionId) throw new SamlRefusedError('assertion without an ID');
  const until = new Date((Number.isFinite(notOnOrAfter) ? notOnOrAfter : Date.now() + REQUEST_MS) + SKEW_MS);
  if (!(await stores.takeAssertion(assertionId, until))) throw new SamlRefusedError(`assertion ${assertionId} already used`);
  const attr = (k: string) => (typeof profile[k] === 'string' ? (profile[k] as string) : undefined);
  const candidates = [profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : undefined, attr('email'), attr('mail'), attr('http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'), profile.nameID];
  const email = candidates.find((c) => c && EMAIL.test(c.trim()))?.trim().toLowerCase();
  if (!email) throw new SamlNoEmailError('no email in the answer');
  return { email, nameId: profile.nameID };
}
