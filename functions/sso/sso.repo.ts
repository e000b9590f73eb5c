/**
 * The items of single sign-on per brand (issue 26 step 3; docs/data-model.md "Single sign-on"):
 * - `BRAND#<brand>` / `SSO`: the brand's provider (OIDC: issuer, client id; SAML: the identity
 *   provider read from its metadata; domains, jit, mandatory; an OIDC client secret is in Secrets
 *   Manager `sso/<stack name>/<brand>`, never here);
 * - `SSODOMAIN#<domain>` / `SSODOMAIN`: a domain's reservation (one brand per domain);
 * - `SSOSTATE#<state>` / `SSOSTATE`: a sign-in under way (nonce, PKCE verifier, brand, the hash of
 *   its browser's binder: ./binder.ts; TTL 10 min);
 * - `SSOCODE#<sha256(code)>` / `SSOCODE`: a finished sign-in's one-time code (60 s, single use; the
 *   same binder hash).
 * Every read is a GetItem; the state and the code are taken by a conditional delete whose
 * condition is the binder's hash too, so a browser without the binder neither takes nor spends them.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { SSO, SSO_MSG as M } from '../../shared/messages/sso';
import { ddb } from '../lib/clients/dynamodb';
import { required } from '../lib/env';
import { ConflictError, ValidationError } from '../lib/http/errors';
import { clean, isConditionFailed, table, transactOrConditions, type TransactItem } from '../lib/table';
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

/**
 * One transaction: the config, a conditional put of each new domain (absent, or already this
 * brand's) and a conditional delete of each dropped one (still this brand's). A domain another
 * brand holds cancels it all: 400 naming the domain.
 */
export async function saveSsoConfig(config: SsoConfig, before: SsoConfig | undefined): Promise<void> {
  const added = config.domains.filter((d) => !before?.domains.includes(d));
  const dropped = (before?.domains ?? []).filter((d) => !config.domains.includes(d));
  const items: TransactItem[] = [
    ...added.map((d) => ({
      Put: {
        TableName: table.name,
        Item: { ...ssoKey.domain(d), entity: 'SsoDomain', domain: d, brandId: config.brandId },
        ConditionExpression: 'attribute_not_exists(pk) OR brandId = :b',
        ExpressionAttributeValues: { ':b': config.brandId },
      },
    })),
    ...dropped.map((d) => ({ Delete: { TableName: table.name, Key: ssoKey.domain(d), ConditionExpression: 'brandId = :b', ExpressionAttributeValues: { ':b': config.brandId } } })),
    {
      Put: {
        TableName: table.name,
        Item: { ...ssoKey.config(config.brandId), entity: 'SsoConfig', ...config },
        // Two saves of one brand at once: the second sees the first's domains (no reservation left behind).
        ...(before ? { ConditionExpression: 'updatedAt = :u', ExpressionAttributeValues: { ':u': before.updatedAt } } : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
  ];
  await transactOrConditions(items as NonNullable<TransactWriteCommandInput['TransactItems']>, (failed) => {
    const i = failed[0]!;
    if (i < added.length) return new ValidationError(M.domainTaken(added[i]!), [{ path: 'domains', message: M.domainTaken(added[i]!) }]);
    return new ConflictError('These single sign-on settings were changed meanwhile. Reload and try again.');
  });
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
