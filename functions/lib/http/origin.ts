/**
 * The HTTP API's execute-api address stays reachable (an HTTP API without it needs a custom
 * domain to be CloudFront's origin), so CloudFront adds a secret header to every request it
 * forwards and the wrapper refuses requests without it: every call goes through CloudFront (and
 * its web ACL). The value: `ORIGIN_SECRET` (tests), else the Secrets Manager secret
 * `ORIGIN_SECRET_ARN` (AWS), read once per cold start. Neither set (the local server): no check.
 */
import { timingSafeEqual } from 'node:crypto';
import { ORIGIN_HEADER } from '../../../shared/constants';
import { readSecretString } from '../secrets';

let cached: Promise<string | undefined> | undefined;

async function load(): Promise<string | undefined> {
  if (!process.env.ORIGIN_SECRET_ARN) return undefined;
  const secret = await readSecretString(process.env.ORIGIN_SECRET_ARN);
  if (!secret || secret.length < 32) throw new Error('Origin secret missing or shorter than 32 characters');
  return secret;
}

function expected(): Promise<string | undefined> {
  if (process.env.ORIGIN_SECRET) return Promise.resolve(process.env.ORIGIN_SECRET);
  cached ??= load().catch((e: unknown) => {
    cached = undefined;
    throw e;
  });
  return cached;
}

/** True when no origin secret is configured, or the request carries it. */
export async function fromOrigin(headers: Record<string, string | undefined>): Promise<boolean> {
  const secret = await expected();
  if (secret === undefined) return true;
  const given = Buffer.from(headers[ORIGIN_HEADER] ?? '');
  const want = Buffer.from(secret);
  return given.length === want.length && timingSafeEqual(given, want);
}
