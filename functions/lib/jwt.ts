import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AUTH, type RoleName } from '../../shared/constants';
import { readSecretString } from './secrets';

/** What a session token carries; the rest of the user is read when needed. */
export interface SessionClaims {
  sub: string;
  role: RoleName;
  brand: string | null;
  /** Retailers assigned to a plain User (empty: all of the brand's). */
  retailers: string[];
  /** The user's `sessionVersion` when the token was issued; a different current one ends the session. */
  sv: number;
}

let secretKey: Uint8Array | undefined;

/** The signing key: `JWT_SECRET` locally, the Secrets Manager secret `JWT_SECRET_ARN` in AWS. */
async function key(): Promise<Uint8Array> {
  if (secretKey) return secretKey;
  let secret = process.env.JWT_SECRET;
  if (!secret && process.env.JWT_SECRET_ARN) {
    secret = await readSecretString(process.env.JWT_SECRET_ARN);
  }
  if (!secret || secret.length < 32) throw new Error('JWT secret missing or shorter than 32 characters');
  secretKey = new TextEncoder().encode(secret);
  return secretKey;
}

export async function signSession(claims: SessionClaims, hours: number = AUTH.sessionHours): Promise<string> {
  return new SignJWT({ role: claims.role, brand: claims.brand, retailers: claims.retailers, sv: claims.sv })
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
    // exp and iat are required and the token may not be older than a session lasts, whatever its exp says.
    const { payload } = await jwtVerify(token, await key(), {
      algorithms: ['HS256'],
      audience: 'retailer-audit',
      requiredClaims: ['sub', 'exp', 'iat', 'sv'],
      maxTokenAge: `${AUTH.sessionHours}h`,
    });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') throw new InvalidTokenError('malformed');
    if (!Number.isSafeInteger(payload.sv)) throw new InvalidTokenError('malformed session version');
    if ((payload.iat ?? 0) * 1000 > Date.now() + 60_000) throw new InvalidTokenError('issued in the future');
    return {
      sub: payload.sub,
      role: payload.role as RoleName,
      brand: typeof payload.brand === 'string' ? payload.brand : null,
      retailers: Array.isArray(payload.retailers) ? payload.retailers.filter((x): x is string => typeof x === 'string') : [],
      sv: payload.sv as number,
    };
  } catch (e) {
    if (e instanceof InvalidTokenError || e instanceof joseErrors.JOSEError) throw new InvalidTokenError((e as Error).message);
    throw e;
  }
}
