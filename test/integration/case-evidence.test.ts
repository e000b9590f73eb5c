/**
 * The evidence that survives the fix (issue 24 §2) through the real calls, on a brand of this
 * file's own whose products and brand profile have pictures stored under screenshots/ as a robot
 * stores them: a flag that opens a case copies them to evidence/ (after its transaction) and the
 * case keeps the copies' keys; they outlive the scraped objects (deleted here as the 180-day rule
 * would) and the case answers their links; a reopening keeps its own; a copy that fails leaves the
 * flag and the scraped keys, and `npm run keep-evidence` keeps them later. The evidence pack: a PDF
 * with a cover and one page per active case (the kept picture in it), through the exports' app
 * link; refused to another brand and to a User for a retailer not assigned to them; 409 without
 * active cases; its reads bounded.
 */
import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASE_PACK } from '../../shared/messages/cases';
import { callRoute, errorBody, stack } from '../support/api';
import { expectContract } from '../support/contract';
import { caseFixture } from '../support/case-fixture';
import { pageText, pdfPages } from '../support/pdf-text';
import { solidPng } from '../support/png';

const tag = randomBytes(4).toString('hex');
const fx = caseFixture(tag, { pictures: true });
const { brand: BRAND, r1: R1, r2: R2 } = fx;

let ids: typeof import('../../functions/scrapings/domain/ids');
let cases: typeof import('../../functions/cases');
let repo: typeof import('../../functions/cases/cases.repo');
let s3: typeof import('../../functions/lib/clients/s3').s3;
const tokens: Record<'admin' | 'user' | 'other', string> = { admin: '', user: '', other: '' };
const bucket = () => stack().env.DATA_BUCKET!;
const prod = (style: string) => ids.productIdOf(fx.period.r1, style);
const caseOf = (style: string) => cases.caseIdOf(BRAND._id, R1._id, style);
const priceFlag = { isFlagged: 'yes', message: 'Shown far below the list price.', reason: [{ name: 'Price', value: 'Wrong price' }] };
const flag = (style: string, body: unknown = priceFlag) => callRoute('updateProductFlag', { params: { id: prod(style) }, token: tokens.admin, body });
const getCase = (id: string) => callRoute('getCase', { params: { caseId: id }, token: tokens.admin });
const pack = (token = tokens.admin, retailer = R1._id, brand = BRAND._id) => callRoute('getCaseEvidencePack', { params: { brandId: brand, retailerId: retailer }, token });

const exists = async (Key: string) => {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucket(), Key }));
    return true;
  } catch {
    return false;
  }
};
const bytesOf = async (Key: string) => Buffer.from(await (await s3.send(new GetObjectCommand({ Bucket: bucket(), Key }))).Body!.transformToByteArray());
/** What the data bucket's 180-day lifecycle rule does to a scraped object. */
const expire = (Key: string) => s3.send(new DeleteObjectCommand({ Bucket: bucket(), Key }));
/** Follows an app link as a browser does: the 302, then the S3 object. */
async function follow(link: string): Promise<Buffer> {
  const res = await fetch(link.startsWith('/') ? `${stack().url}${link}` : link, { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  const file = await fetch(res.headers.get('location')!);
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  ids = await import('../../functions/scrapings/domain/ids');
  cases = await import('../../functions/cases');
  repo = await import('../../functions/cases/cases.repo');
  ({ s3 } = await import('../../functions/lib/clients/s3'));
  Object.assign(tokens, await fx.seedAndSignIn());
}, 60_000);

describe('the pictures a case keeps', () => {
  it('a flag that opens a case copies its picture and screenshot to evidence/, and they outlive the scraped objects', async () => {
    const original = await bytesOf(fx.pictures.A1.image);
    expect((await flag('A1')).status).toBe(200);
    const c = await getCase(caseOf('A1'));
    expect(c.status).toBe(200);
    const kept = { image: `evidence/${BRAND._id}/${caseOf('A1')}/0-image.png`, screenshot: `evidence/${BRAND._id}/${caseOf('A1')}/0-screenshot.png` };
    expect(c.body.data.evidence.kept).toEqual(kept);
    // The scraped keys stay in the evidence as they were seen.
    expect(c.body.data.evidence.scraped).toMatchObject({ image: fx.pictures.A1.image, screenshot: fx.pictures.A1.screenshot });
    expect(await bytesOf(kept.image)).toEqual(original);

    for (const key of [fx.pictures.A1.image, fx.pictures.A1.screenshot]) await expire(key);
    expect(await exists(fx.pictures.A1.image)).toBe(false);
    expect(await exists(kept.image)).toBe(true);
    expect(await exists(kept.screenshot)).toBe(true);
    // The case shows the kept copies, through the signed picture links.
    const again = await getCase(caseOf('A1'));
    expectContract('getCase', again.body);
    expect(again.body.pictures.image).toMatch(/^\/api\/images\?key=evidence%2F/);
    expect(again.body.pictures.screenshot).toContain(encodeURIComponent(kept.screenshot));
    expect(await follow(again.body.pictures.image)).toEqual(original);
  });

  it('a reopening keeps its own copies; the first opening\'s stay', async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket(), Key: fx.pictures.A1.image, Body: solidPng(12, 12), ContentType: 'image/png' }));
    expect((await flag('A1', { isFlagged: 'no', message: '', reason: [] })).status).toBe(200);
    expect((await flag('A1')).status).toBe(200);
    const c = await getCase(caseOf('A1'));
    expect(c.body.data).toMatchObject({ status: 'open', repeats: 1 });
    // The screenshot is gone (expired above): only the picture is kept this time.
    expect(c.body.data.evidence.kept).toBeUndefined();
    await s3.send(new PutObjectCommand({ Bucket: bucket(), Key: fx.pictures.A1.screenshot, Body: solidPng(14, 14), ContentType: 'image/png' }));
    const rerun = await cases.keepMissingEvidence(BRAND._id, R1._id);
    expect(rerun).toMatchObject({ kept: 1 });
    const after = await getCase(caseOf('A1'));
    expect(after.body.data.evidence.kept).toEqual({ image: `evidence/${BRAND._id}/${caseOf('A1')}/1-image.png`, screenshot: `evidence/${BRAND._id}/${caseOf('A1')}/1-screenshot.png` });
    expect(await bytesOf(after.body.data.evidence.kept!.image)).toEqual(solidPng(12, 12));
    expect(await exists(`evidence/${BRAND._id}/${caseOf('A1')}/0-image.png`)).toBe(true);
  });

  it('a copy that fails leaves the flag, the case and the scraped key; npm run keep-evidence keeps it later, once', async () => {
    const original = await bytesOf(fx.pictures.A2.image);
    await expire(fx.pictures.A2.image);
    expect((await flag('A2')).status).toBe(200);
    const c = await getCase(caseOf('A2'));
    expect(c.body.data).toMatchObject({ status: 'open' });
    expect(c.body.data.evidence.kept).toBeUndefined();
    expect(c.body.data.evidence.scraped.image).toBe(fx.pictures.A2.image);
    // The case shows the scraped picture's link meanwhile (the object is gone: the web shows its placeholder).
    expect(c.body.pictures.image).toContain(encodeURIComponent(fx.pictures.A2.image));

    // The robot's object is back (say S3 failed for a moment): the re-run keeps it.
    await s3.send(new PutObjectCommand({ Bucket: bucket(), Key: fx.pictures.A2.image, Body: original, ContentType: 'image/png' }));
    const { runKeepEvidence, parseKeepEvidenceArgs } = await import('../../infra/scripts/keep-evidence');
    const lines: string[] = [];
    expect(await runKeepEvidence(parseKeepEvidenceArgs(['--brand', BRAND._id, '--retailer', R1._id]), (l) => lines.push(l))).toBe(0);
    expect(lines).toEqual([`${R1._id}: 1 case(s) without kept pictures, 1 kept now`]);
    expect((await getCase(caseOf('A2'))).body.data.evidence.kept).toEqual({ image: `evidence/${BRAND._id}/${caseOf('A2')}/0-image.png`, screenshot: '' });
    expect(await bytesOf(`evidence/${BRAND._id}/${caseOf('A2')}/0-image.png`)).toEqual(original);
    lines.length = 0;
    expect(await runKeepEvidence(parseKeepEvidenceArgs(['--brand', BRAND._id, '--retailer', R1._id]), (l) => lines.push(l))).toBe(0);
    expect(lines).toEqual([`${R1._id}: 0 case(s) without kept pictures, 0 kept now`]);
    expect(() => parseKeepEvidenceArgs(['--retailer', R1._id])).toThrow(/--brand takes a brand id/);
  });

  it("the brand profile's case keeps the brand page screenshot", async () => {
    const info = await callRoute('getRetailerScraping', { params: { brandId: BRAND._id, id: R1._id }, token: tokens.admin });
    const res = await callRoute('updateBrandFlag', { params: { id: info.body.data._id }, token: tokens.admin, body: { isFlagged: 'yes', message: 'Old logo', reason: [{ name: 'Brand Logo', value: 'Old logo is shown' }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = cases.caseIdOf(BRAND._id, R1._id, cases.PROFILE_SUBJECT);
    const c = await getCase(id);
    expect(c.body.data.evidence.kept).toEqual({ image: '', screenshot: `evidence/${BRAND._id}/${id}/0-screenshot.png` });
    await expire(fx.pictures.profile.screenshot);
    expect(await exists(`evidence/${BRAND._id}/${id}/0-screenshot.png`)).toBe(true);
  });
});

describe('the evidence pack', () => {
  it('is a PDF of a cover and one page per active case, worst first, with the kept picture, through the 7-day app link', async () => {
    const active = await callRoute('listRetailerCases', { params: { brandId: BRAND._id, retailerId: R1._id }, query: { limit: '100' }, token: tokens.admin });
    const n = active.body.data.length;
    expect(n).toBe(3); // A1 (high: 30 % under its on-hand price), then A2 (a price case with no on-hand item) and the profile, both medium
    // A1's scraped objects gone again (the lifecycle rule): the pack can only show the kept copies.
    for (const key of [fx.pictures.A1.image, fx.pictures.A1.screenshot]) await expire(key);
    const res = await pack();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectContract('getCaseEvidencePack', res.body);
    expect(res.body).toMatchObject({ message: CASE_PACK.ready, cases: n, total: n, truncated: false, name: `Evidence pack - ${R1.name} - ${new Date().toISOString().slice(0, 10)}.pdf` });
    expect(res.body.link.startsWith(`${stack().url}/api/exports/download?token=`)).toBe(true);
    const redirect = await fetch(res.body.link, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const file = await fetch(redirect.headers.get('location')!);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('attachment; filename="Evidence pack - ');
    const pdf = await pdfPages(Buffer.from(await file.arrayBuffer()));
    expect(pdf.count).toBe(1 + n);
    const cover = pageText(pdf.lines[0]!);
    for (const s of [BRAND.name, R1.name, `${CASE_PACK.labels.active}: 3`]) expect(cover).toContain(s);
    // Worst first, as the CASES tab lists them.
    expect(pdf.lines.slice(1).map((l) => l[2])).toEqual(active.body.data.map((c) => c.name));
    const a1 = pageText(pdf.lines[1]!);
    for (const s of ['Piece A1', '$700.00', `$1,000.00 (SN-${tag}, Aurora Ring)`, '-$300.00 (-30%)', 'Price: Wrong price']) expect(a1).toContain(s);
    expect(pdf.images[1]).toBe(2);
    // A2: its kept picture; the profile: its kept brand page screenshot (the scraped one expired above).
    expect(pdf.lines[3]![2]).toBe('Brand profile');
    expect(pdf.images.slice(2)).toEqual([1, 1]);
  });

  it('is refused to another brand and to a User for a retailer not assigned to them; 409 without active cases; 404 for no such retailer', async () => {
    const other = await pack(tokens.other);
    expect(other.status).toBe(403);
    expect(JSON.stringify(other.body)).not.toContain('Piece A1');
    expect((await pack(tokens.user)).status).toBe(403);
    const none = await pack(tokens.user, R2._id);
    expect(none.status).toBe(409);
    expect(errorBody(none).message).toBe(CASE_PACK.noCases);
    const unknown = await pack(tokens.admin, `ret-none-${tag}`);
    expect(unknown.status).toBe(404);
    expect(errorBody(unknown).message).toBe(CASE_PACK.retailerNotFound);
    expect((await pack(tokens.admin, 'bad id!')).status).toBe(400);
  });

  it('reads a bounded number of cases: the worst `max`, and whether there are more; the severity counts agree with the list', async () => {
    const worst = await repo.worstActiveCases(BRAND._id, R1._id, 2);
    expect(worst.items.map((c) => c.severity)).toEqual(['high', 'medium']);
    expect(worst.more).toBe(true);
    expect((await repo.worstActiveCases(BRAND._id, R1._id, 3)).more).toBe(false);
    expect(await repo.countActiveBySeverity(BRAND._id, R1._id)).toEqual({ high: 1, medium: 2, low: 0 });
  });
});
