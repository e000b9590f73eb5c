/**
 * Our SAML 2.0 service provider for a brand (issue 26, decision 42), through @node-saml/node-saml:
 * no SAML of our own but the configuration. A sign-in sends an AuthnRequest (HTTP-Redirect) to the
 * brand's identity provider; its answer (HTTP-POST to the brand's assertion consumer address) is
 * accepted only when node-saml finds:
 * - the assertion signed by one of the brand's IdP certificates (`wantAssertionsSigned`; xml-crypto
 *   checks that the signed node is the assertion read, so a wrapped copy is refused);
 * - the audience this brand's service provider (another brand's answer is not this one's), the
 *   time conditions met (NotBefore, NotOnOrAfter; 30 s of skew);
 * - InResponseTo a request this brand sent and did not see answered yet (`requests`, taken once).
 * node-saml 5.1 checks `idpIssuer` on logout messages only, never on a sign-in's answer: our code
 * then checks the issuer (`checkIssuers`): the signed assertion's Issuer, and the Response's when it
 * has one, must be the brand's IdP entity id (another IdP trusted with the same key, or a
 * certificate shared by several of a company's IdPs, is not this brand's).
 * Then the assertion's id is taken once until its NotOnOrAfter (`takeAssertion`): a replayed
 * answer, or the same answer posted twice at once, signs in at most once.
 */
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
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
    // Checked by node-saml on logout messages only (lib/saml.js verifyIssuer): `checkIssuers` checks the sign-in's answer.
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

/**
 * The answer's issuers, after node-saml accepted it: the signed assertion's Issuer (as node-saml
 * read it from the verified XML; the Web Browser SSO profile requires one) and the Response's
 * (optional in the profile; at most one, which must name the same IdP) must be the brand's IdP
 * entity id.
 */
function checkIssuers(brand: SamlBrand, profile: Profile, samlResponse: string): void {
  const expected = brand.idp.entityId;
  const assertionIssuer = typeof profile.issuer === 'string' ? profile.issuer.trim() : '';
  if (assertionIssuer !== expected) throw new SamlRefusedError(`assertion issuer ${assertionIssuer || '(none)'} is not the brand's identity provider ${expected}`);
  const doc = new DOMParser({ errorHandler: { error: () => undefined, fatalError: () => undefined } }).parseFromString(Buffer.from(samlResponse, 'base64').toString('utf8'), 'text/xml');
  const issuers = (xpath.select as (e: string, n: unknown) => unknown[])("/*[local-name()='Response']/*[local-name()='Issuer']", doc) as Element[];
  if (issuers.length > 1) throw new SamlRefusedError(`the response has ${issuers.length} issuers`);
  const responseIssuer = issuers[0]?.textContent?.trim();
  if (responseIssuer !== undefined && responseIssuer !== expected) throw new SamlRefusedError(`response issuer ${responseIssuer || '(empty)'} is not the brand's identity provider ${expected}`);
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
  checkIssuers(brand, profile, samlResponse);
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
