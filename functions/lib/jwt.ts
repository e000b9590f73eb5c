import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AUTH, type RoleName } from '../../shared/constants';

/** What a session token carries; the rest of the user is read when needed. */
export interface SessionClaims {
  sub: string;
  role: RoleName;
  brand: string | null;
  /** Retailers assigned to a plain User (empty: all of the brand's). */
  retailers: string[];
}

let secretKey: Uint8Array | undefined;

/** The signing key: `JWT_SECRET` locally, the Secrets Manager secret `JWT_SECRET_ARN` in AWS. */
async function key(): Promise<Uint8Array> {
  if (secretKey) return secretKey;
  let secret = process.env.JWT_SECRET;
  if (!secret && process.env.JWT_SECRET_ARN) {
    const sm = new SecretsManagerClient({});
    const out = await sm.send(new GetSecretValueCommand({ SecretId: process.env.JWT_SECRET_ARN }));
    secret = out.SecretString;
  }
  if (!secret || secret.length < 32) throw new Error('JWT secret missing or shorter than 32 characters');
  secretKey = new TextEncoder().encode(secret);
  return secretKey;
}

export async function signSession(claims: SessionClaims, hours: number = AUTH.sessionHours): Promise<string> {
  return new SignJWT({ role: claims.role, brand: claims.brand, retailers: claims.retailers })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${hours}h`)
    .setAudience('retailer-audit')
    .sign(await key());
}

export class InvalidTokenError extends Error {}

export async function verifySession(token: string): Promise<SessionClaims> {
  try {
    const { payload } = await jwtVerify(token, await key(), { algorithms: ['HS256'], audience: 'retailer-audit' });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') throw new InvalidTokenError('malformed');
    return {
      sub: payload.sub,
      role: payload.role as RoleName,
      brand: typeof payload.brand === 'string' ? payload.brand : null,
      retailers: Array.isArray(payload.retailers) ? payload.retailers.filter((x): x is string => typeof x === 'string') : [],
    };
  } catch (e) {
    if (e instanceof InvalidTokenError || e instanceof joseErrors.JOSEError) throw new InvalidTokenError((e as Error).message);
    throw e;
  }
}
