/**
 * The POST policy of a presigned POST, enforced in front of s3rver (which stores a form upload
 * without reading its policy): so the local stack refuses what S3 refuses, the same sizes deployed
 * and locally (issue 22, the contact form's images). Checked as S3 does
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html): the
 * policy's expiration, then each condition against the form's fields — exact matches
 * (`{ field: value }`, `['eq', '$field', value]`), `starts-with`, and `content-length-range` on
 * the file's size. A refusal answers S3's XML error (403 AccessDenied, 400 EntityTooLarge /
 * EntityTooSmall). The signature is not checked (s3rver checks no signature: the team's emulator
 * notes); a form without a policy is refused, as S3 refuses an anonymous POST to a private bucket.
 */
import { Readable } from 'node:stream';

interface Ctx {
  method: string;
  path: string;
  req: NodeJS.ReadableStream & { headers: Record<string, string | string[] | undefined> };
  request: { req: unknown };
  status: number;
  body: unknown;
  type: string;
  get(name: string): string;
  set(name: string, value: string): void;
}
type Next = () => Promise<unknown>;
interface Koa {
  middleware: ((ctx: Ctx, next: Next) => Promise<unknown>)[];
}

/** The largest form read (a file of the largest allowed size and its fields). */
const MAX_FORM_BYTES = 64 * 1024 * 1024;

type Condition = Record<string, string> | [string, string | number, string | number];

export interface PolicyRefusal {
  status: 400 | 403;
  code: string;
  message: string;
}

/** The first condition the form breaks, or undefined when the policy holds. */
export function checkPostPolicy(policyB64: string | undefined, fields: Record<string, string>, fileSize: number, now = Date.now()): PolicyRefusal | undefined {
  const denied = (message: string): PolicyRefusal => ({ status: 403, code: 'AccessDenied', message });
  if (!policyB64) return denied('Bucket POST must contain a policy.');
  let policy: { expiration?: string; conditions?: Condition[] };
  try {
    policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8')) as typeof policy;
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  const expires = Date.parse(policy.expiration ?? '');
  if (!Number.isFinite(expires) || expires < now) return denied('Invalid according to Policy: Policy expired.');
  const field = (name: string) => fields[name.replace(/^\$/, '').toLowerCase()];
  for (const c of policy.conditions ?? []) {
    if (!Array.isArray(c)) {
      for (const [k, v] of Object.entries(c)) {
        if (k.toLowerCase() === 'bucket') continue; // the bucket is the path's
        if (field(k) !== v) return denied(`Invalid according to Policy: Policy Condition failed: ["eq", "$${k}", "${v}"]`);
      }
      continue;
    }
    const [op, a, b] = c;
    if (op === 'content-length-range') {
      if (fileSize > Number(b)) return { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' };
      if (fileSize < Number(a)) return { status: 400, code: 'EntityTooSmall', message: 'Your proposed upload is smaller than the minimum allowed size' };
      continue;
    }
    const name = String(a);
    if (name.toLowerCase() === '$bucket') continue;
    const value = field(name) ?? '';
    if (op === 'eq' && value !== String(b)) return denied(`Invalid according to Policy: Policy Condition failed: ["eq", "${name}", "${String(b)}"]`);
    if (op === 'starts-with' && !value.startsWith(String(b))) return denied(`Invalid according to Policy: Policy Condition failed: ["starts-with", "${name}", "${String(b)}"]`);
  }
  return undefined;
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    n += chunk.length;
    if (n > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Put the policy check first in s3rver's middleware: a form POST to a bucket is read, checked, then handed on as it came. */
export function enforcePostPolicies(server: unknown): void {
  const app = server as Koa;
  app.middleware.unshift(async (ctx, next) => {
    const type = ctx.get('content-type');
    // A form upload is a POST to the bucket itself (/<bucket>), multipart.
    if (ctx.method !== 'POST' || !/^\/[^/]+\/?$/.test(ctx.path) || !type.startsWith('multipart/form-data')) return next();
    const raw = await readAll(ctx.req);
    const refuse = (r: PolicyRefusal) => {
      ctx.status = r.status;
      ctx.type = 'application/xml';
      const origin = ctx.get('origin');
      if (origin) ctx.set('Access-Control-Allow-Origin', origin);
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${r.code}</Code><Message>${xmlEscape(r.message)}</Message></Error>`;
    };
    if (!raw) return refuse({ status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' });
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    } catch {
      return refuse({ status: 400, code: 'MalformedPOSTRequest', message: 'The body of your POST request is not well-formed multipart/form-data.' });
    }
    const fields: Record<string, string> = {};
    let fileSize = -1;
    for (const [k, v] of form.entries()) {
      if (k.toLowerCase() === 'file') fileSize = typeof v === 'string' ? Buffer.byteLength(v) : v.size;
      else if (typeof v === 'string') fields[k.toLowerCase()] = v;
    }
    const refusal = checkPostPolicy(fields.policy, fields, Math.max(fileSize, 0));
    if (refusal) return refuse(refusal);
    // s3rver reads the form from the request: the same bytes again, with what Koa reads of a request.
    const req = ctx.req as unknown as Record<string, unknown>;
    const again = Object.assign(Readable.from(raw), {
      headers: req.headers,
      url: req.url,
      method: req.method,
      httpVersion: req.httpVersion,
      httpVersionMajor: req.httpVersionMajor,
      httpVersionMinor: req.httpVersionMinor,
      socket: req.socket,
      connection: req.socket,
    });
    ctx.req = again as unknown as Ctx['req'];
    ctx.request.req = again;
    return next();
  });
}
