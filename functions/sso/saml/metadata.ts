/**
 * A brand's SAML identity provider, read from the metadata XML its IT team gives (issue 26,
 * decision 42): its entity id, the single sign-on address of the HTTP-Redirect binding (where our
 * AuthnRequest goes) and its signing certificates (what node-saml checks the answers' signatures
 * with). Read with @xmldom/xmldom and xpath by local name, so any namespace prefix reads the same;
 * an EntitiesDescriptor with several entities takes the first that is an identity provider.
 */
import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { SAML_MSG as M } from '../../../shared/messages/saml';

export interface SamlIdp {
  entityId: string;
  /** HTTP-Redirect single sign-on address. */
  ssoUrl: string;
  /** Signing certificates, base64 DER (PEM bodies without their armour). */
  certs: string[];
}

export class MetadataError extends Error {}

const MAX_BYTES = 100_000;
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** `allowHttp`: a local identity provider (npm start, the tests) on http://localhost. */
export function parseIdpMetadata(xml: string, opts: { allowHttp?: boolean } = {}): SamlIdp {
  if (!xml.trim()) throw new MetadataError(M.metadataRequired);
  if (Buffer.byteLength(xml) > MAX_BYTES) throw new MetadataError(M.metadataTooLarge);
  // No DTD: an entity declaration is refused rather than expanded.
  if (/<!DOCTYPE/i.test(xml)) throw new MetadataError(M.metadataUnreadable);
  const errors: string[] = [];
  const doc = new DOMParser({ errorHandler: { error: (msg: string) => void errors.push(msg), fatalError: (msg: string) => void errors.push(msg) } }).parseFromString(xml, 'text/xml');
  if (errors.length || !doc?.documentElement) throw new MetadataError(M.metadataUnreadable);
  const select = xpath.select as (e: string, n: unknown) => unknown[];
  const entity = select("//*[local-name()='EntityDescriptor'][*[local-name()='IDPSSODescriptor']]", doc)[0] as Element | undefined;
  const entityId = entity?.getAttribute('entityID')?.trim();
  if (!entity || !entityId) throw new MetadataError(M.metadataNoEntity);
  const descriptor = select("*[local-name()='IDPSSODescriptor']", entity)[0] as Element;
  const sso = (select("*[local-name()='SingleSignOnService']", descriptor) as Element[]).find((e) => e.getAttribute('Binding') === REDIRECT);
  const ssoUrl = sso?.getAttribute('Location')?.trim();
  if (!ssoUrl) throw new MetadataError(M.metadataNoSso);
  let url: URL;
  try {
    url = new URL(ssoUrl);
  } catch {
    throw new MetadataError(M.metadataBadUrl);
  }
  const local = opts.allowHttp && url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname);
  if (url.protocol !== 'https:' && !local) throw new MetadataError(M.metadataBadUrl);
  // Keys for signing, or for any use (no `use`): never a key only for encryption.
  const keys = (select("*[local-name()='KeyDescriptor']", descriptor) as Element[]).filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing');
  const certs = keys
    .flatMap((k) => select(".//*[local-name()='X509Certificate']", k) as Element[])
    .map((c) => (c.textContent ?? '').replace(/\s+/g, ''))
    .filter((c) => /^[A-Za-z0-9+/]+=*$/.test(c) && c.length > 100);
  if (!certs.length) throw new MetadataError(M.metadataNoCert);
  return { entityId, ssoUrl, certs: [...new Set(certs)] };
}

/**
 * The last day (YYYY-MM-DD, UTC) any of these signing certificates (base64 DER) is valid: the
 * brand's admin is told ahead of its expiry, when the provider will rotate it and sign-ins stop
 * until its new metadata is pasted. null when none can be read.
 */
export function certsValidUntil(certs: readonly string[]): string | null {
  let last: number | null = null;
  for (const c of certs) {
    try {
      const until = Date.parse(new X509Certificate(Buffer.from(c, 'base64')).validTo);
      if (Number.isFinite(until) && (last === null || until > last)) last = until;
    } catch {
      // not a certificate node-saml could use either: not counted
    }
  }
  return last === null ? null : new Date(last).toISOString().slice(0, 10);
}
