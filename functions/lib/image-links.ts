/**
 * The app links of the pictures robots store in the data bucket (docs/robot-files.md "Pictures";
 * docs/decisions.md "Pictures"). A record keeps the picture as the robot wrote it: an http(s)
 * address (a retailer's CDN) or the key of an object it stored under `screenshots/`. When the
 * server answers a record, each stored picture becomes an app link,
 * `/api/images?key=<key>&exp=<expiry>&sig=<HMAC>`, signed with a key derived from the session
 * secret, which GET /images checks before redirecting to a short-lived S3 presigned GET
 * (functions/images/). Addresses pass as they are. No S3 client here: every route that answers
 * pictures signs them, and only GET /images and the basket export read the objects.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from './jwt';

/** infra/table-schema.ts DATA_PREFIX.screenshots: where robots store the pictures of their scans. */
export const PICTURE_PREFIX = 'screenshots/';
/**
 * infra/table-schema.ts DATA_PREFIX.evidence: the copies of pictures kept with a record beyond the
 * scraped objects' expiry (a case's evidence). Only a linker made with `kept` links them: a robot's
 * value under that prefix never becomes a link.
 */
export const KEPT_PICTURE_PREFIX = 'evidence/';
/** The link lives 6 to 7 days (the 7 days of the product's other links, never longer). */
export const IMAGE_LINK_DAYS = 7;
/** Where GET /images is, as the browser and an exported spreadsheet reach it (the API under /api). */
export const IMAGE_LINK_PATH = '/api/images';
/** The record fields that hold pictures: products (`imageUrl` is a |-separated list), on-hand items, scan info. */
export const PICTURE_FIELDS = ['image', 'imageUrl', 'screenshot', 'brand_logo', 'brand_hero_image', 'brand_screenshot', 'brand_screenshot_large'] as const;

const DAY_SECONDS = 86_400;
const MAX_KEY_LENGTH = 1024;

const TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** A stored picture's type by its extension, or undefined (then the type stored with the object counts). */
export const pictureType = (key: string): string | undefined => TYPES[/\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase() ?? ''];

function pictureKeyUnder(prefix: string, value: string): string | undefined {
  const key = value.trim();
  if (!key.startsWith(prefix) || key.length > MAX_KEY_LENGTH || key.length === prefix.length) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) return undefined;
  if (!key.split('/').every((s) => s !== '' && s !== '.' && s !== '..')) return undefined;
  return key;
}

/**
 * The data-bucket key a picture value names, or undefined when it is not one of ours: the trimmed
 * value must start with `screenshots/`, with no empty, `.` or `..` folder and no control character.
 */
export const storedPictureKey = (value: string): string | undefined => pictureKeyUnder(PICTURE_PREFIX, value);

/** The same for a kept copy (under `evidence/`). */
export const keptPictureKey = (value: string): string | undefined => pictureKeyUnder(KEPT_PICTURE_PREFIX, value);

/**
 * A link's expiry (seconds): the start of today (UTC) + 7 days. Every link signed on one day is
 * the same address, so the browser's cache serves a picture seen earlier that day; a link lives
 * between 6 and 7 days.
 */
export const imageLinkExpiry = (nowMs: number): number => Math.floor(nowMs / 1000 / DAY_SECONDS) * DAY_SECONDS + IMAGE_LINK_DAYS * DAY_SECONDS;

const signature = (secret: Buffer, key: string, exp: number) => createHmac('sha256', secret).update(`${key}\n${exp}`).digest('base64url');
let secretOnce: Promise<Buffer> | undefined;
/** The links' key, derived once per process (the secret is read once per cold start anyway). */
const linkSecret = () => (secretOnce ??= derivedKey('image-link').catch((e: unknown) => {
  secretOnce = undefined;
  throw e;
}));

/** Turns one picture value into what the caller gets: the app link of a stored picture, anything else as it is. */
export type ImageLinker = (value: string) => string;

/**
 * A linker for one answer. `base`: '' for the web (same origin), the app's address (APP_URL) for
 * a file that leaves the app (an exported spreadsheet). `kept`: it links the kept copies (under
 * `evidence/`) instead of the robots' pictures: for the values the server wrote itself only.
 */
export async function imageLinker(opts: { base?: string; now?: number; kept?: boolean } = {}): Promise<ImageLinker> {
  const secret = await linkSecret();
  const exp = imageLinkExpiry(opts.now ?? Date.now());
  const base = opts.base ?? '';
  const keyOf = opts.kept ? keptPictureKey : storedPictureKey;
  return (value) => {
    const key = keyOf(value);
    if (!key) return value;
    return `${base}${IMAGE_LINK_PATH}?key=${encodeURIComponent(key)}&exp=${exp}&sig=${signature(secret, key, exp)}`;
  };
}

/** A |-separated list of pictures (the product's `imageUrl`), each linked. */
export const linkImageList = (value: string, link: ImageLinker): string =>
  value.includes('|')
    ? value
        .split('|')
        .map((v) => link(v.trim()))
        .join('|')
    : link(value);

/** The record with its picture fields (PICTURE_FIELDS) linked; other fields untouched. */
export function withImageLinks<T extends object>(record: T, link: ImageLinker): T {
  const out = { ...record } as Record<string, unknown>;
  for (const f of PICTURE_FIELDS) {
    const v = out[f];
    if (typeof v === 'string' && v) out[f] = f === 'imageUrl' ? linkImageList(v, link) : link(v);
  }
  return out as T;
}

export type ImageLinkCheck = { ok: true; key: string } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Whether a link's query is one we signed and still lives: the key must be a stored picture's,
 * (or a kept copy's), the signature ours for that key and expiry, the expiry ahead of now and not
 * beyond what a link is given.
 */
export async function checkImageLink(q: { key: string; exp: string; sig: string }, nowMs = Date.now()): Promise<ImageLinkCheck> {
  const key = storedPictureKey(q.key) ?? keptPictureKey(q.key);
  const exp = Number(q.exp);
  if (!key || key !== q.key || !Number.isSafeInteger(exp)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(signature(await linkSecret(), key, exp));
  const given = Buffer.from(q.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  if (exp > nowMs / 1000 + (IMAGE_LINK_DAYS + 1) * DAY_SECONDS) return { ok: false, reason: 'invalid' };
  return { ok: true, key };
}
