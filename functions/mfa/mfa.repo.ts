/**
 * A user's second factor, on the user's item (`USER#<id>` / `USER`; issue 26):
 * - `totpPending`: `{ sealed, at }` while the setup waits for its first code;
 * - `totp`: `{ sealed, enabledAt, lastStep }` once on (`lastStep`: the time step of the last code
 *   taken: a code is taken once);
 * - `recoveryCodes`: a string set of the unused recovery codes' hashes.
 * Every change is conditional, so two requests with one code (a replay, a double click) take it once.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { isConditionFailed, key, table } from '../lib/table';

export interface TotpState {
  sealed: string;
  enabledAt: string;
  lastStep: number;
}

export interface MfaFields {
  totp?: TotpState;
  totpPending?: { sealed: string; at: string };
  recoveryCodes?: Set<string>;
  /** How many passkeys the user has (functions/passkeys/passkeys.repo.ts keeps it): one counts as a second factor. */
  passkeyCount?: number;
}

async function update(userId: string, input: { UpdateExpression: string; ConditionExpression: string; ExpressionAttributeValues?: Record<string, unknown>; ExpressionAttributeNames?: Record<string, string> }): Promise<boolean> {
  try {
    await ddb.send(new UpdateCommand({ TableName: table.name, Key: key.user(userId), ...input }));
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** The setup's secret, waiting for its first code (a new setup replaces it); not while TOTP is on. */
export const putPendingTotp = (userId: string, sealed: string, at: string) =>
  update(userId, { UpdateExpression: 'SET totpPending = :p', ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(totp)', ExpressionAttributeValues: { ':p': { sealed, at } } });

/** TOTP on, with the first code's step and the recovery codes' hashes, only from the pending secret that code was checked with. */
export const enableTotp = (userId: string, sealed: string, step: number, hashes: string[], at: string) =>
  update(userId, {
    UpdateExpression: 'SET totp = :t, recoveryCodes = :r, updatedAt = :at REMOVE totpPending',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(totp) AND totpPending.sealed = :s',
    ExpressionAttributeValues: { ':t': { sealed, enabledAt: at, lastStep: step }, ':r': new Set(hashes), ':s': sealed, ':at': at },
  });

/** Take a code's time step: only after the last one taken (a code is used once). */
export const takeStep = (userId: string, step: number) =>
  update(userId, { UpdateExpression: 'SET totp.lastStep = :step', ConditionExpression: 'attribute_exists(totp) AND totp.lastStep < :step', ExpressionAttributeValues: { ':step': step } });

/** Take a recovery code: only while it is unused. */
export const takeRecoveryCode = (userId: string, hash: string) =>
  update(userId, { UpdateExpression: 'DELETE recoveryCodes :h', ConditionExpression: 'attribute_exists(totp) AND contains(recoveryCodes, :one)', ExpressionAttributeValues: { ':h': new Set([hash]), ':one': hash } });

/** New recovery codes in place of the old ones. */
export const replaceRecoveryCodes = (userId: string, hashes: string[], at: string) =>
  update(userId, { UpdateExpression: 'SET recoveryCodes = :r, updatedAt = :at', ConditionExpression: 'attribute_exists(totp)', ExpressionAttributeValues: { ':r': new Set(hashes), ':at': at } });

/** Two-step sign-in off: the secret and the codes are forgotten. */
export const disableTotp = (userId: string, at: string) =>
  update(userId, { UpdateExpression: 'REMOVE totp, totpPending, recoveryCodes SET updatedAt = :at', ConditionExpression: 'attribute_exists(totp)', ExpressionAttributeValues: { ':at': at } });
