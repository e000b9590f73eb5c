/**
 * The public forms (000 §3, §5, §7; docs/decisions.md "Captcha", "Public forms", "Bug report"):
 * GET /captcha, POST /scheduledemos and POST /contact_us against the local stack. Each test calls
 * from an address of its own (127.<net>.x.y) so that the per-address limits of one test do not
 * touch another test or suite; emails are read from the SES emulator's store.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_MSG } from '../../shared/messages/public';
import type { CaptchaChallenge } from '../../shared/schemas/public';
import { apiFrom, apiFromRaw, errorBody, login, sentEmails, stack, type ApiResult } from '../support/api';

const tag = randomBytes(4).toString('hex');
const net = 100 + (randomBytes(1)[0]! % 100);
let seq = 0;
/** A fresh source address for one test. */
const address = () => `127.${net}.${200 + (++seq % 50)}.${1 + (randomBytes(1)[0]! % 250)}`;
const SALES = 'sales@retailer-audit.local';
const SUPPORT = 'support@retailer-audit.local';
let repo: typeof import('../../functions/public/submissions.repo');

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  repo = await import('../../functions/public/submissions.repo');
});

async function challenge(from: string): Promise<Extract<CaptchaChallenge, { provider: 'local' }>> {
  const res = await apiFrom<CaptchaChallenge>(from, 'GET', '/captcha');
  expect(res.status).toBe(200);
  if (res.body.provider !== 'local') throw new Error('the test stack runs the local captcha');
  return res.body;
}
const answerOf = (question: string) => {
  const m = /^What is (\d+) \+ (\d+)\?$/.exec(question);
  if (!m) throw new Error(`unexpected question ${question}`);
  return String(Number(m[1]) + Number(m[2]));
};

const demo = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `demo-${tag}-${++seq}@prospect.test`,
  website: 'www.maison-test.example',
  companyName: 'Maison Test',
  phoneNumber: '5551234567',
  message: 'We would like a demo.',
  requestId: `req-${tag}-${seq}-${randomBytes(4).toString('hex')}`,
  ...over,
});

/** A demo request with a fresh, rightly answered captcha. */
async function submitDemo(from: string, over: Record<string, unknown> = {}) {
  const c = await challenge(from);
  const body = demo({ recaptcha: answerOf(c.question), captchaToken: c.token, ...over });
  return { res: await apiFrom<{ message: string }>(from, 'POST', '/scheduledemos', { body }), body, challenge: c };
}

const emailsTo = async (to: string, needle: string) => (await sentEmails()).filter((m) => m.destination.to.includes(to) && ((m.body.html ?? '') + (m.body.text ?? '') + m.subject).includes(needle));

describe('GET /captcha (local)', () => {
  it('issues a signed arithmetic question whose answer is not in the token', async () => {
    const c = await challenge(address());
    expect(c.question).toMatch(/^What is \d+ \+ \d+\?$/);
    expect(new Date(c.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const answer = answerOf(c.question);
    expect(c.token.split('.')).toHaveLength(5);
    expect(c.token.split('.').slice(1, 3)).not.toContain(answer);
  });
});

describe('POST /scheduledemos', () => {
  it("validates with the demo form's messages (000 §5)", async () => {
    const from = address();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: 'A' }, 'firstName', PUBLIC_MSG.tooShort],
      [{ lastName: 'L'.repeat(51) }, 'lastName', PUBLIC_MSG.tooLong],
      [{ email: 'not-an-email' }, 'email', PUBLIC_MSG.invalidEmail],
      [{ website: 'abc' }, 'website', PUBLIC_MSG.invalidUrl],
      [{ website: 'javascript:alert(1)' }, 'website', PUBLIC_MSG.invalidUrl],
      [{ companyName: 'C' }, 'companyName', PUBLIC_MSG.tooShort],
      [{ phoneNumber: '12345678901' }, 'phoneNumber', PUBLIC_MSG.tooLong],
      [{ phoneNumber: '' }, 'phoneNumber', PUBLIC_MSG.required],
      [{ recaptcha: '' }, 'recaptcha', PUBLIC_MSG.captchaRequired],
      [{ firstName: 'Ada\r\nBcc: victim@evil.test' }, 'firstName', PUBLIC_MSG.headerInjection],
    ];
    for (const [over, path, message] of cases) {
      const res = await apiFrom(from, 'POST', '/scheduledemos', { body: demo({ recaptcha: '1', captchaToken: 'x', ...over }) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(errorBody(res).issues, JSON.stringify(over)).toContainEqual({ path, message });
    }
    // The message is optional.
    const ok = await submitDemo(from, { message: undefined });
    expect(ok.res.status).toBe(200);
  });

  it("stores the request, emails the sales inbox with everything escaped, and answers 'Email sent successfully'", async () => {
    const marker = `<script>alert("${tag}")</script>`;
    const { res, body } = await submitDemo(address(), { companyName: `Maison <b>${tag}</b>`, message: `Hello ${marker} & bye` });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Email sent successfully');
    const needle = `alert(&quot;${tag}&quot;)`;
    await expect.poll(async () => (await emailsTo(SALES, needle)).length).toBe(1);
    const [mail] = await emailsTo(SALES, needle);
    expect(mail!.body.html).toContain(`Hello &lt;script&gt;alert(&quot;${tag}&quot;)&lt;/script&gt; &amp; bye`);
    expect(mail!.body.html).not.toContain('<script>');
    expect(mail!.body.html).not.toContain(`<b>${tag}</b>`);
    expect(mail!.replyTo).toEqual([body.email]);
    const stored = await repo.getSubmission('DEMO', repo.submissionId(String(body.requestId)));
    expect(stored).toMatchObject({ status: 'sent', email: body.email, companyName: `Maison <b>${tag}</b>`, phoneNumber: '5551234567' });
  });

  it('a retried request (same request id) stores and sends once; the id with another captcha is refused', async () => {
    const from = address();
    const first = await submitDemo(from, { companyName: `Retry ${tag}` });
    expect(first.res.status).toBe(200);
    const again = await apiFrom<{ message: string }>(from, 'POST', '/scheduledemos', { body: first.body });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Email sent successfully');
    const parallel = await Promise.all([1, 2, 3].map(() => apiFrom(from, 'POST', '/scheduledemos', { body: first.body })));
    expect(parallel.map((r) => r.status)).toEqual([200, 200, 200]);
    await new Promise((r) => setTimeout(r, 300));
    expect(await emailsTo(SALES, `Retry ${tag}`)).toHaveLength(1);
    const other = await submitDemo(from, { requestId: first.body.requestId, companyName: `Retry ${tag}` });
    expect(other.res.status).toBe(409);
    expect(errorBody(other.res).message).toBe(PUBLIC_MSG.requestIdReused);
  });

  it('refuses a wrong answer, a replayed challenge, an expired one and a forged token', async () => {
    const from = address();
    const c = await challenge(from);
    const wrong = String(Number(answerOf(c.question)) + 1);
    const r1 = await apiFrom(from, 'POST', '/scheduledemos', { body: demo({ recaptcha: wrong, captchaToken: c.token }) });
    expect(r1.status).toBe(400);
    expect(errorBody(r1).message).toBe(PUBLIC_MSG.captchaWrong);
    // The same challenge again, now with the right answer: used once, right or wrong.
    const r2 = await apiFrom(from, 'POST', '/scheduledemos', { body: demo({ recaptcha: answerOf(c.question), captchaToken: c.token }) });
    expect(r2.status).toBe(400);
    expect(errorBody(r2).message).toBe(PUBLIC_MSG.captchaUsed);
    // A right answer, then its replay with another request id.
    const ok = await submitDemo(from);
    expect(ok.res.status).toBe(200);
    const replay = await apiFrom(from, 'POST', '/scheduledemos', { body: { ...ok.body, requestId: `replay-${tag}-${seq}` } });
    expect(replay.status).toBe(400);
    expect(errorBody(replay).message).toBe(PUBLIC_MSG.captchaUsed);
    // Expired: a challenge issued (with the stack's key) eleven minutes ago.
    const { localCaptcha } = await import('../../functions/public/captcha');
    const old = await localCaptcha({ now: () => Date.now() - 11 * 60_000 }).challenge();
    if (old.provider !== 'local') throw new Error('local');
    const r3 = await apiFrom(from, 'POST', '/scheduledemos', { body: demo({ recaptcha: answerOf(old.question), captchaToken: old.token }) });
    expect(r3.status).toBe(400);
    expect(errorBody(r3).message).toBe(PUBLIC_MSG.captchaExpired);
    // Forged: a token signed with another key, and a token whose expiry was pushed back.
    const forged = await localCaptcha({ key: async () => randomBytes(32) }).challenge();
    if (forged.provider !== 'local') throw new Error('local');
    const r4 = await apiFrom(from, 'POST', '/scheduledemos', { body: demo({ recaptcha: answerOf(forged.question), captchaToken: forged.token }) });
    expect(errorBody(r4).message).toBe(PUBLIC_MSG.captchaWrong);
    const fresh = await challenge(from);
    const parts = fresh.token.split('.');
    parts[2] = String(Number(parts[2]) + 3600);
    const r5 = await apiFrom(from, 'POST', '/scheduledemos', { body: demo({ recaptcha: answerOf(fresh.question), captchaToken: parts.join('.') }) });
    expect(errorBody(r5).message).toBe(PUBLIC_MSG.captchaWrong);
    const r6 = await apiFrom(from, 'POST', '/scheduledemos', { body: demo({ recaptcha: answerOf(fresh.question) }) });
    expect(errorBody(r6).message).toBe(PUBLIC_MSG.captchaWrong);
  });

  it('limits requests per address (10 an hour) and per email (3 a day)', async () => {
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await submitDemo(from)).res.status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    const email = `same-${tag}@prospect.test`;
    const byEmail: ApiResult[] = [];
    for (let i = 0; i < 4; i++) byEmail.push((await submitDemo(address(), { email })).res);
    expect(byEmail.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(errorBody(byEmail[3]!).message).toBe(PUBLIC_MSG.throttled);
  });
});

// ── POST /contact_us ────────────────────────────────────────────────────────────────────────

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), randomBytes(200)]);

interface Part {
  name: string;
  content: Buffer;
  type?: string;
}
/** A multipart POST /contact_us from `from`, as the browser sends it. */
async function contactUs(from: string, fields: Record<string, string>, files: Part[] = [], token?: string): Promise<ApiResult<{ message: string; data: { _id: string } }>> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append('file[]', new Blob([new Uint8Array(f.content)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const req = new Request('http://x/', { method: 'POST', body: fd });
  const body = Buffer.from(await req.arrayBuffer());
  return apiFromRaw(from, '/contact_us', body, req.headers.get('content-type')!, token);
}

const report = (over: Record<string, string> = {}) => ({
  name: 'Bea Reporter',
  email: `bug-${tag}-${++seq}@reporter.test`,
  phone: '',
  message: `The export button does nothing (${tag}-${seq}).`,
  requestId: `bug-${tag}-${seq}-${randomBytes(4).toString('hex')}`,
  ...over,
});

describe('POST /contact_us', () => {
  it("stores the report and its files and emails support with the files attached: 'Form submitted successfully.'", async () => {
    const fields = report({ phone: '+1 555 0100' });
    const res = await contactUs(address(), fields, [
      { name: 'first shot.png', content: PNG, type: 'image/png' },
      { name: '../../etc/second.jpeg', content: JPEG, type: 'image/jpeg' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Form submitted successfully.');
    await expect.poll(async () => (await emailsTo(SUPPORT, fields.message)).length).toBe(1);
    const [mail] = await emailsTo(SUPPORT, fields.message);
    expect(mail!.subject).toBe('Bug report from Bea Reporter');
    expect(mail!.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      ['first shot.png', 'image/png'],
      ['second.jpg', 'image/jpeg'],
    ]);
    expect(Buffer.from(mail!.attachments![0]!.content, 'base64').equals(PNG)).toBe(true);
    const stored = await repo.getSubmission('BUGREPORT', res.body.data._id);
    expect(stored).toMatchObject({ status: 'sent', name: 'Bea Reporter', email: fields.email, phone: '+1 555 0100' });
    expect(stored).not.toHaveProperty('reporter');
    const files = stored!.files as { key: string; size: number }[];
    expect(files.map((f) => f.size)).toEqual([PNG.length, JPEG.length]);
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    const { s3 } = await import('../../functions/lib/clients/s3');
    const obj = await s3.send(new GetObjectCommand({ Bucket: stack().env.DATA_BUCKET, Key: files[0]!.key }));
    expect(Buffer.from(await obj.Body!.transformToByteArray()).equals(PNG)).toBe(true);
  });

  it('records who sent it when signed in; a retry with the same request id sends once', async () => {
    const token = await login('user@demo.test');
    const from = address();
    const fields = report();
    const first = await contactUs(from, fields, [{ name: 'a.png', content: PNG }], token);
    expect(first.status).toBe(200);
    const again = await contactUs(from, fields, [{ name: 'a.png', content: PNG }], token);
    expect(again.status).toBe(200);
    expect(again.body.data._id).toBe(first.body.data._id);
    await new Promise((r) => setTimeout(r, 300));
    expect(await emailsTo(SUPPORT, fields.message)).toHaveLength(1);
    const stored = await repo.getSubmission('BUGREPORT', first.body.data._id);
    expect(stored?.reporter).toBeTruthy();
    // A bad token is ignored: the report still goes in, as a visitor's.
    const visitor = await contactUs(from, report(), [], 'not-a-token');
    expect(visitor.status).toBe(200);
    expect(await repo.getSubmission('BUGREPORT', visitor.body.data._id)).not.toHaveProperty('reporter');
  });

  it('validates the fields (000 §5) and refuses header injection in the name', async () => {
    const from = address();
    const before = (await sentEmails()).length;
    const empty = await contactUs(from, { requestId: `bug-empty-${tag}` });
    expect(empty.status).toBe(400);
    expect(errorBody(empty).issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: PUBLIC_MSG.nameRequired },
        { path: 'email', message: PUBLIC_MSG.emailRequired },
        { path: 'message', message: PUBLIC_MSG.messageRequired },
      ]),
    );
    const injected = await contactUs(from, report({ name: 'Eve\r\nBcc: victim@evil.test' }));
    expect(injected.status).toBe(400);
    expect(errorBody(injected).issues).toContainEqual({ path: 'name', message: PUBLIC_MSG.headerInjection });
    const badEmail = await contactUs(from, report({ email: 'eve@evil.test\r\nBcc: victim@evil.test' }));
    expect(errorBody(badEmail).issues).toContainEqual({ path: 'email', message: PUBLIC_MSG.invalidEmail });
    expect((await sentEmails()).slice(before).some((m) => JSON.stringify(m).includes('victim@evil.test'))).toBe(false);
  });

  it('refuses too many files, a file too big and a renamed .exe, with clear messages', async () => {
    const from = address();
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `s${i}.png`, content: PNG }));
    const many = await contactUs(from, report(), six);
    expect(many.status).toBe(400);
    expect(errorBody(many).message).toBe(PUBLIC_MSG.tooManyFiles(5));
    const big = await contactUs(from, report(), [{ name: 'huge.png', content: Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]) }]);
    expect(big.status).toBe(413);
    expect(errorBody(big).message).toBe(PUBLIC_MSG.fileTooLarge('huge.png', 4));
    const exe = await contactUs(from, report(), [{ name: 'screenshot.png', content: EXE, type: 'image/png' }]);
    expect(exe.status).toBe(400);
    expect(errorBody(exe).message).toBe(PUBLIC_MSG.fileType('screenshot.png'));
    const svg = await contactUs(from, report(), [{ name: 'x.png', content: Buffer.from('<svg onload="alert(1)"/>'), type: 'image/png' }]);
    expect(errorBody(svg).message).toBe(PUBLIC_MSG.fileType('x.png'));
  });

  it('limits reports per address (10 an hour)', async () => {
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await contactUs(from, report())).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});
