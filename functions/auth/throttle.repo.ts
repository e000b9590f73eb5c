/**
 * Throttle counters: one item per scope and fixed time window, `THROTTLE#<scope>` / `W#<window>`,
 * counted with an atomic conditional UpdateItem (a request is let through only while the count
 * is under the limit, so parallel requests cannot overshoot) and removed by TTL after the window.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { isConditionFailed, key, table } from '../lib/table';

export interface Window {
  /** Most requests let through per window. */
  max: number;
  seconds: number;
}

/** Emails are keyed by a hash: bounded key length, no addresses in throttle items. */
const id = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

const windowOf = (seconds: number, now = Date.now()) => Math.floor(now / 1000 / seconds);

/**
 * UpdateItem THROTTLE#scope / W#window: count + 1 only if count < max; false when the limit is
 * reached. `now` (ms) picks the window: the request's time (functions/auth/throttle.ts `requestTime`).
 */
async function take(scope: string, w: Window, now = Date.now()): Promise<boolean> {
  const window = windowOf(w.seconds, now);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: key.throttle(scope, window),
        UpdateExpression: 'ADD #c :one SET entity = :e, expiresAt = :exp',
        ConditionExpression: 'attribute_not_exists(#c) OR #c < :max',
        ExpressionAttributeNames: { '#c': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':max': w.max, ':e': 'Throttle', ':exp': (window + 1) * w.seconds + 60 },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** The key of an email in throttle items (and in a device cookie): sha256, base64url. */
export const emailKey = id;

/** Login attempts for one account from one address: THROTTLE#LOGIN#<sha256 email>#<ip>, the window of `now` */
export const takeLoginAttempt = (email: string, ip: string, w: Window, now?: number) => take(`LOGIN#${id(email)}#${ip}`, w, now);

/** Login attempts for one account from every address without a device cookie of it (the backstop): THROTTLE#ACCOUNT#<sha256 email>, the window of `now` */
export const takeAccountAttempt = (email: string, w: Window, now?: number) => take(`ACCOUNT#${id(email)}`, w, now);

/** Login attempts through one device cookie (its id): THROTTLE#DEVICE#<device id>, the window of `now` */
export const takeDeviceAttempt = (device: string, w: Window, now?: number) => take(`DEVICE#${device}`, w, now);

/** Codes tried on one sign-in's second step (issue 26): THROTTLE#MFA#<challenge id>, the window of `now` */
export const takeMfaTry = (challengeId: string, w: Window, now?: number) => take(`MFA#${challengeId}`, w, now);

/** Current-password checks of one session (My Account): THROTTLE#SESSION#<session id>, the window of `now` */
export const takeSessionAttempt = (sessionId: string, w: Window, now?: number) => take(`SESSION#${sessionId}`, w, now);

/** Requests of one address to the public account routes: THROTTLE#ADDRESS#<ip>, the window of `now` */
export const takeAddressRequest = (ip: string, w: Window, now?: number) => take(`ADDRESS#${ip}`, w, now);

/** Emails one user sends through the contact form: THROTTLE#EMAIL#<userId>, current window */
export const takeEmailSend = (userId: string, w: Window) => take(`EMAIL#${userId}`, w);

/** A retailer's answer through a case link (issue 24 §3): counted per link. */
export const takeCaseLinkAnswer = (linkId: string, w: Window) => take(`CASELINK#${linkId}`, w);

/** DeleteItem THROTTLE#LOGIN#<sha256 email>#<ip>, the window of `now`: a right password clears that address's failures */
export async function clearLoginAttempts(email: string, ip: string, w: Window, now = Date.now()): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: table.name, Key: key.throttle(`LOGIN#${id(email)}#${ip}`, windowOf(w.seconds, now)) }));
}

/** DeleteItem THROTTLE#DEVICE#<device id>, the window of `now`: a right password clears that device's failures */
export async function clearDeviceAttempts(device: string, w: Window, now = Date.now()): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: table.name, Key: key.throttle(`DEVICE#${device}`, windowOf(w.seconds, now)) }));
}

/** UpdateItem THROTTLE#ACCOUNT#<sha256 email>, the window of `now`: count - 1 if positive (a success does not count against the account) */
export async function returnAccountAttempt(email: string, w: Window, now = Date.now()): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: key.throttle(`ACCOUNT#${id(email)}`, windowOf(w.seconds, now)),
        UpdateExpression: 'ADD #c :minus',
        ConditionExpression: '#c > :zero',
        ExpressionAttributeNames: { '#c': 'count' },
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}

/** Submissions of a public form (demo request, bug report) per address or per email: THROTTLE#FORM#<form>#IP#<ip> / THROTTLE#FORM#<form>#EMAIL#<sha256 email>, current window */
export const takeFormRequest = (form: string, by: { ip: string } | { email: string }, w: Window) =>
  take(`FORM#${form}#${'ip' in by ? `IP#${by.ip}` : `EMAIL#${id(by.email)}`}`, w);
