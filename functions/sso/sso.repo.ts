/**
 * The items of single sign-on per brand (issue 26 step 3; docs/data-model.md "Single sign-on"):
 * - `BRAND#<brand>` / `SSO`: the brand's provider (OIDC: issuer, client id; SAML: the identity
 *   provider read from its metadata; domains, jit, mandatory; an OIDC client secret is in Secrets
 *   Manager `sso/<stack name>/<brand>`, never here);
 * - `BRAND#<brand>` / `SSODOMAINV#<domain>`: a domain the brand added and its proof (issue 36):
 *   status pending | verified, the token of its DNS TXT record (128 bits), addedAt, verifiedAt,
 *   lastCheckedAt, problem (the last check's message) and lostAt. Several brands may have the same
 *   domain pending, each with its own token: only the record published in the domain's DNS counts;
 * - `SSODOMAIN#<domain>` / `SSODOMAIN`: a VERIFIED domain's brand (one brand per domain): it exists
 *   iff the domain is verified (written by the verification, removed when dropped or lost); what
 *   sign-in routing, just-in-time accounts and mandatory SSO read;
 * - `SSOREG#<registrable domain>` / `<domain>`: the same verified domain under its registrable
 *   domain (tldts getDomain), so a subdomain or a parent of another brand's verified domain is
 *   found by one Query; `SSOREG#<registrable>` / `#VERSION` counts the verifications under it (a
 *   verification is conditional on the count it read: two at once under one registrable domain
 *   are serialised);
 * - `SSOSTATE#<state>` / `SSOSTATE`: a sign-in under way (nonce, PKCE verifier, brand, the hash of
 *   its browser's binder: ./binder.ts; TTL 10 min);
 * - `SSOCODE#<sha256(code)>` / `SSOCODE`: a finished sign-in's one-time code (60 s, single use; the
 *   same binder hash).
 * Every read is a GetItem; the state and the code are taken by a conditional delete whose
 * condition is the binder's hash too, so a browser without the binder neither takes nor spends them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { SSO } from '../../shared/messages/sso';
import { ddb } from '../lib/clients/dynamodb';
import { required } from '../lib/env';
import { ConflictError } from '../lib/http/errors';
import { clean, isConditionFailed, queryAll, table, transactIf, transactOrConditions, type TransactItem } from '../lib/table';
import { getDomain } from 'tldts';
import type { SamlIdp } from './saml/metadata';

export type Jit = 'create' | 'refuse';

export interface SsoConfig {
  brandId: string;
  protocol: 'oidc' | 'saml';
  /** OIDC: the provider's issuer; SAML: the identity provider's entity id. */
  issuer: string;
  /** OIDC only ('' for SAML). */
  clientId: string;
  /**
   * OIDC: a client secret is saved in Secrets Manager (kept on write, so GET /sso/{brandId} never
   * reads the secret: only the callback and the save may).
   */
  clientSecretSet?: boolean;
  /** SAML only: the identity provider read from its metadata (./saml/metadata.ts). */
  saml?: SamlIdp;
  domains: string[];
  jit: Jit;
  mandatory: boolean;
  updatedAt: string;
  updatedBy: string;
}

export const ssoKey = {
  config: (brandId: string) => ({ pk: `BRAND#${brandId}`, sk: 'SSO' }),
  domain: (domain: string) => ({ pk: `SSODOMAIN#${domain}`, sk: 'SSODOMAIN' }),
  verification: (brandId: string, domain: string) => ({ pk: `BRAND#${brandId}`, sk: `SSODOMAINV#${domain}` }),
  registrable: (registrable: string, domain: string) => ({ pk: `SSOREG#${registrable}`, sk: domain }),
  registrableVersion: (registrable: string) => ({ pk: `SSOREG#${registrable}`, sk: '#VERSION' }),
  state: (state: string) => ({ pk: `SSOSTATE#${state}`, sk: 'SSOSTATE' }),
  code: (code: string) => ({ pk: `SSOCODE#${createHash('sha256').update(code).digest('base64url')}`, sk: 'SSOCODE' }),
};

/**
 * The Secrets Manager secret of a brand's client secret: `sso/<stack>/<brand>`, the stack's own
 * prefix (SSO_SECRET_PREFIX, set with the grant on exactly it: infra/constructs/api-function.ts
 * bindSsoSecrets), so a stage's functions can neither read nor overwrite another stage's secrets
 * in the same account. Locally (the stack's secrets file) `sso/local/`.
 */
export const ssoSecretName = (brandId: string) => `${required('SSO_SECRET_PREFIX')}${brandId}`;

/** The name a brand's client secret had before names were per stack (the deploy's backfill moves it). */
export const legacySsoSecretName = (brandId: string) => `sso/${brandId}`;

/**
 * The deploy's backfill: each brand of this table with an OIDC client secret saved, whose secret
 * is not under this stack's name yet, gets a copy of the one under its old, account-wide name
 * (`sso/<brand>`). The old one is left for its owner to delete (another stage may still use it).
 * Idempotent. Returns the brands copied.
 */
export async function moveSsoSecrets(brandIds: readonly string[], io: { read: (name: string) => Promise<string | undefined>; write: (name: string, value: string, description: string) => Promise<void> }): Promise<string[]> {
  const moved: string[] = [];
  for (const brandId of brandIds) {
    const config = await getSsoConfig(brandId);
    if (config?.protocol !== 'oidc' || !config.clientSecretSet) continue;
    if (await io.read(ssoSecretName(brandId))) continue;
    const old = await io.read(legacySsoSecretName(brandId));
    if (!old) continue;
    await io.write(ssoSecretName(brandId), old, `Single sign-on client secret of brand ${brandId}`);
    moved.push(brandId);
  }
  return moved;
}

/** GetItem BRAND#<brand> / SSO */
export async function getSsoConfig(brandId: string): Promise<SsoConfig | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: ssoKey.config(brandId) }));
  return out.Item ? clean<SsoConfig>(out.Item) : undefined;
}

/** GetItem SSODOMAIN#<domain>: the brand holding a domain, if any. */
export async function domainOwner(domain: string): Promise<string | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: ssoKey.domain(domain) }));
  return out.Item?.brandId as string | undefined;
}

/** A domain a brand added, and its proof (BRAND#<brand> / SSODOMAINV#<domain>). */
export interface DomainVerification {
  brandId: string;
  domain: string;
  status: 'pending' | 'verified';
  /** 128 random bits, hex: the TXT record's value is `retailer-audit-verification=<token>`. */
  token: string;
  addedAt: string;
  verifiedAt?: string;
  lastCheckedAt?: string;
  /** The last check's problem, as told to the brand (none when it verified). */
  problem?: string;
  /** When a verified domain's record was last found gone (the daily re-check's email names it). */
  lostAt?: string;
}

const newVerification = (brandId: string, domain: string, at: string): DomainVerification => ({ brandId, domain, status: 'pending', token: randomBytes(16).toString('hex'), addedAt: at });

/** Query BRAND#<brand>, SSODOMAINV#…: the brand's domains and their proof. */
export async function listDomainVerifications(brandId: string): Promise<DomainVerification[]> {
  const items = await queryAll<Record<string, unknown>>({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', ExpressionAttributeValues: { ':pk': `BRAND#${brandId}`, ':sk': 'SSODOMAINV#' } });
  return items.map((i) => clean<DomainVerification>(i));
}

/** GetItem BRAND#<brand> / SSODOMAINV#<domain> */
export async function getDomainVerification(brandId: string, domain: string): Promise<DomainVerification | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: ssoKey.verification(brandId, domain) }));
  return out.Item ? clean<DomainVerification>(out.Item) : undefined;
}

/** Query SSOREG#<registrable>: the verified domains under a registrable domain, and the count of verifications there. */
export async function verifiedUnder(registrable: string): Promise<{ version: number; domains: { domain: string; brandId: string }[] }> {
  const items = await queryAll<Record<string, unknown>>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `SSOREG#${registrable}` }, ConsistentRead: true });
  const version = (items.find((i) => i.sk === '#VERSION')?.version as number | undefined) ?? 0;
  return { version, domains: items.filter((i) => i.sk !== '#VERSION').map((i) => ({ domain: i.domain as string, brandId: i.brandId as string })) };
}

/**
 * One transaction: the config; a pending proof (a fresh token) for each added domain; for each
 * dropped one, its proof deleted and, when it was verified (`verified`), its SSODOMAIN# and
 * SSOREG# items (still this brand's). Nothing of an added domain routes until it is verified.
 */
export async function saveSsoConfig(config: SsoConfig, before: SsoConfig | undefined, verified: readonly string[] = []): Promise<void> {
  const added = config.domains.filter((d) => !before?.domains.includes(d));
  const dropped = (before?.domains ?? []).filter((d) => !config.domains.includes(d));
  const mine = { ConditionExpression: 'attribute_not_exists(pk) OR brandId = :b', ExpressionAttributeValues: { ':b': config.brandId } };
  const items: TransactItem[] = [
    ...added.map((d) => ({ Put: { TableName: table.name, Item: { ...ssoKey.verification(config.brandId, d), entity: 'SsoDomainVerification', ...newVerification(config.brandId, d, config.updatedAt) } } })),
    ...dropped.flatMap((d) => [
      { Delete: { TableName: table.name, Key: ssoKey.verification(config.brandId, d) } },
      ...(verified.includes(d) ? [{ Delete: { TableName: table.name, Key: ssoKey.domain(d), ...mine } }, { Delete: { TableName: table.name, Key: ssoKey.registrable(registrableOf(d), d), ...mine } }] : []),
    ]),
    {
      Put: {
        TableName: table.name,
        Item: { ...ssoKey.config(config.brandId), entity: 'SsoConfig', ...config },
        // Two saves of one brand at once: the second sees the first's domains (no reservation left behind).
        ...(before ? { ConditionExpression: 'updatedAt = :u', ExpressionAttributeValues: { ':u': before.updatedAt } } : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
  ];
  await transactOrConditions(items as NonNullable<TransactWriteCommandInput['TransactItems']>, () => new ConflictError('These single sign-on settings were changed meanwhile. Reload and try again.'));
}

/**
 * The registrable domain of a domain (the public suffix list, private suffixes too): where its
 * SSOREG# items are. A domain that is itself a suffix is refused before it gets here.
 */
export function registrableOf(domain: string): string {
  return getDomain(domain, { allowPrivateDomains: true }) ?? domain;
}

/** Why a verification did not write: another brand's domain, a concurrent verification under the same registrable domain (read again), the proof gone or changed. */
export type MarkOutcome = 'verified' | 'taken' | 'retry' | 'gone';

/**
 * One transaction: SSODOMAIN#<domain> and SSOREG#<registrable>/<domain> (absent or this brand's),
 * the registrable domain's count (still the one read), and the proof (still this token) made
 * verified.
 */
export async function markVerified(v: DomainVerification, version: number, at: string): Promise<MarkOutcome> {
  const reg = registrableOf(v.domain);
  const mine = { ConditionExpression: 'attribute_not_exists(pk) OR brandId = :b', ExpressionAttributeValues: { ':b': v.brandId } };
  const items: TransactItem[] = [
    { Put: { TableName: table.name, Item: { ...ssoKey.domain(v.domain), entity: 'SsoDomain', domain: v.domain, brandId: v.brandId, verifiedAt: at }, ...mine } },
    { Put: { TableName: table.name, Item: { ...ssoKey.registrable(reg, v.domain), entity: 'SsoVerifiedDomain', domain: v.domain, brandId: v.brandId, verifiedAt: at }, ...mine } },
    {
      Put: {
        TableName: table.name,
        Item: { ...ssoKey.registrableVersion(reg), entity: 'SsoVerifiedDomainCount', version: version + 1 },
        ...(version ? { ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': version } } : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
    {
      Update: {
        TableName: table.name,
        Key: ssoKey.verification(v.brandId, v.domain),
        UpdateExpression: 'SET #s = :verified, verifiedAt = :at, lastCheckedAt = :at REMOVE #p',
        ConditionExpression: '#tk = :t',
        ExpressionAttributeNames: { '#s': 'status', '#p': 'problem', '#tk': 'token' },
        ExpressionAttributeValues: { ':verified': 'verified', ':at': at, ':t': v.token },
      },
    },
  ];
  try {
    await transactOrConditions(items as NonNullable<TransactWriteCommandInput['TransactItems']>, (failed) => new MarkFailed(failed));
    return 'verified';
  } catch (e) {
    if (!(e instanceof MarkFailed)) throw e;
    if (e.failed.includes(0) || e.failed.includes(1)) return 'taken';
    if (e.failed.includes(3)) return 'gone';
    return 'retry';
  }
}

class MarkFailed extends Error {
  constructor(readonly failed: number[]) {
    super('conditions failed');
  }
}

/**
 * A verified domain whose record is gone: SSODOMAIN# and SSOREG# removed (it stops routing at
 * once) and the proof back to pending (the same token: publishing the record again verifies it),
 * with the problem and `lostAt`. False when it was not verified with this token anymore (another
 * check did it, or the brand dropped the domain).
 */
export async function markLost(v: DomainVerification, problem: string, at: string): Promise<boolean> {
  const mine = { ConditionExpression: 'attribute_not_exists(pk) OR brandId = :b', ExpressionAttributeValues: { ':b': v.brandId } };
  const items: TransactItem[] = [
    { Delete: { TableName: table.name, Key: ssoKey.domain(v.domain), ...mine } },
    { Delete: { TableName: table.name, Key: ssoKey.registrable(registrableOf(v.domain), v.domain), ...mine } },
    {
      Update: {
        TableName: table.name,
        Key: ssoKey.verification(v.brandId, v.domain),
        UpdateExpression: 'SET #s = :pending, lastCheckedAt = :at, #p = :p, lostAt = :at REMOVE verifiedAt',
        ConditionExpression: '#tk = :t AND #s = :verified',
        ExpressionAttributeNames: { '#s': 'status', '#p': 'problem', '#tk': 'token' },
        ExpressionAttributeValues: { ':pending': 'pending', ':verified': 'verified', ':at': at, ':p': problem, ':t': v.token },
      },
    },
  ];
  try {
    await transactOrConditions(items as NonNullable<TransactWriteCommandInput['TransactItems']>, (failed) => new MarkFailed(failed));
    return true;
  } catch (e) {
    if (e instanceof MarkFailed) return false;
    throw e;
  }
}

/** A check that changed no status: when, and its problem (none: removed). Nothing when the proof is gone or changed. */
export async function recordCheck(v: DomainVerification, problem: string | undefined, at: string): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: ssoKey.verification(v.brandId, v.domain),
        UpdateExpression: problem ? 'SET lastCheckedAt = :at, #p = :p' : 'SET lastCheckedAt = :at REMOVE #p',
        ConditionExpression: '#tk = :t',
        ExpressionAttributeNames: { '#p': 'problem', '#tk': 'token' },
        ExpressionAttributeValues: { ':at': at, ':t': v.token, ...(problem ? { ':p': problem } : {}) },
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}

/**
 * A table of before issue 36: a brand's domains reserved without proof (SSODOMAIN# written at
 * save). Each such domain gets a pending proof and its SSODOMAIN# item is removed, so it stops
 * routing until its record is published and checked. Idempotent. Returns the domains moved.
 */
export async function backfillDomainVerifications(brandIds: readonly string[]): Promise<string[]> {
  const moved: string[] = [];
  for (const brandId of brandIds) {
    const config = await getSsoConfig(brandId);
    if (!config) continue;
    const known = new Set((await listDomainVerifications(brandId)).map((v) => v.domain));
    for (const d of config.domains.filter((x) => !known.has(x))) {
      const items: TransactItem[] = [
        { Put: { TableName: table.name, Item: { ...ssoKey.verification(brandId, d), entity: 'SsoDomainVerification', ...newVerification(brandId, d, new Date().toISOString()) }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Delete: { TableName: table.name, Key: ssoKey.domain(d), ConditionExpression: 'attribute_not_exists(pk) OR brandId = :b', ExpressionAttributeValues: { ':b': brandId } } },
      ];
      if (await transactIf(items)) moved.push(`${brandId}:${d}`);
    }
  }
  return moved;
}

export interface SsoState {
  brandId: string;
  nonce: string;
  verifier: string;
  /** The SHA-256 of the binder cookie of the browser that started the sign-in (./binder.ts). */
  binderHash: string;
  expiresAt: number;
}

/** A one-time item not taken: none (unknown, expired or used), or one of another browser's sign-in (its binder is not in the request). */
export type NotTaken = 'none' | 'otherBrowser';

/** PutItem SSOSTATE#<state> (TTL: the table's `expiresAt`, epoch seconds), only if absent. */
export async function putSsoState(state: string, s: Omit<SsoState, 'expiresAt'>, now: number): Promise<void> {
  const expiresAt = Math.floor(now / 1000) + SSO.stateMinutes * 60;
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...ssoKey.state(state), entity: 'SsoState', ...s, expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' }));
}

/**
 * DeleteItem of a one-time item if present, unexpired and of one of `binders` (the request's
 * binder hashes), answering what it held: taken once (a state, a code), and only by the browser
 * that started the sign-in. Not taken: a GetItem tells whether it was another browser's (for the
 * log and the message); it is left for its own browser.
 */
async function takeUnexpired(Key: Record<string, string>, now: number, binders: readonly string[]): Promise<Record<string, unknown> | NotTaken> {
  const values = Object.fromEntries(binders.map((h, i) => [`:b${i}`, h]));
  if (binders.length) {
    try {
      const out = await ddb.send(
        new DeleteCommand({
          TableName: table.name,
          Key,
          ConditionExpression: `attribute_exists(pk) AND expiresAt > :now AND binderHash IN (${Object.keys(values).join(', ')})`,
          ExpressionAttributeValues: { ':now': Math.floor(now / 1000), ...values },
          ReturnValues: 'ALL_OLD',
        }),
      );
      if (out.Attributes) return out.Attributes;
    } catch (e) {
      if (!isConditionFailed(e)) throw e;
    }
  }
  const left = await ddb.send(new GetCommand({ TableName: table.name, Key, ConsistentRead: true }));
  return left.Item && Number(left.Item.expiresAt) > Math.floor(now / 1000) ? 'otherBrowser' : 'none';
}

/** DeleteItem SSOSTATE#<state> if present, unexpired and of one of `binders`, answering it: a state is taken once, by its browser. */
export async function takeSsoState(state: string, now: number, binders: readonly string[]): Promise<SsoState | NotTaken> {
  const taken = await takeUnexpired(ssoKey.state(state), now, binders);
  return typeof taken === 'string' ? taken : clean<SsoState>(taken);
}

/** PutItem SSOCODE#<hash>: the user and their session version, and the sign-in's binder hash, for SSO.codeSeconds. */
export async function putSsoCode(code: string, userId: string, sv: number, binderHash: string, now: number): Promise<void> {
  const expiresAt = Math.floor(now / 1000) + SSO.codeSeconds;
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...ssoKey.code(code), entity: 'SsoCode', userId, sv, binderHash, expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' }));
}

/** DeleteItem SSOCODE#<hash> if present, unexpired and of one of `binders`, answering it: a code is used once, by its browser. */
export async function takeSsoCode(code: string, now: number, binders: readonly string[]): Promise<{ userId: string; sv: number } | NotTaken> {
  const taken = await takeUnexpired(ssoKey.code(code), now, binders);
  return typeof taken === 'string' ? taken : { userId: taken.userId as string, sv: taken.sv as number };
}
