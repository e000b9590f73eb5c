/**
 * The retailer's evidence pack (functions/cases/domain/evidence-pack.ts, issue 24 §2), read back
 * from the PDF it makes: a cover (brand, retailer, date, the active cases by severity and status,
 * the truncation note when the pack holds fewer than the active cases), then exactly one page per
 * case in the order given, with the evidence (prices, gap, reasons, message, scan date, address)
 * and the kept pictures (JPEG and 8-bit RGB or grey PNG put in as they are, another PNG decoded
 * within its pixel budgets, another format named); a long message or address
 * never pushes a case onto a second page; a character the standard fonts lack prints as '?'. And
 * the kept copies' keys (functions/cases/evidence-pictures.ts).
 */
import { describe, expect, it } from 'vitest';
import { CASE_PACK } from '../../../shared/messages/cases';
import { caseIdOf, flagStep, priceGap, type FlagInput } from '../../../functions/cases/domain/case';
import { PDFDict, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { buildEvidencePack, money, PACK_DECODE_PIXELS, pictureFormat, PNG_DECODE_PIXELS, pngAsIs, type PackCase, type PackInput } from '../../../functions/cases/domain/evidence-pack';
import { keptKeyOf, picturesToKeep } from '../../../functions/cases/evidence-pictures';
import { pageText, pdfPages } from '../../support/pdf-text';
import { solidPng } from '../../support/png';

const AT = '2026-11-02T10:00:00.000Z';
type Over = Partial<Omit<FlagInput['evidence'], 'scraped'>> & Partial<FlagInput['evidence']['scraped']>;
const SCRAPED = ['name', 'style_number', 'price', 'URL', 'image', 'screenshot', 'brand_sku'];
const flag = (style: string, all: Over = {}, kind: 'product' | 'profile' = 'product'): FlagInput => {
  const scraped = Object.fromEntries(Object.entries(all).filter(([k]) => SCRAPED.includes(k)));
  const over = Object.fromEntries(Object.entries(all).filter(([k]) => !SCRAPED.includes(k)));
  return {
    brand: 'b1',
    retailer: 'r1',
    kind,
    style_number: kind === 'profile' ? '' : style,
    name: kind === 'profile' ? 'Brand profile' : `Aurora ${style}`,
    productId: `p-${style}`,
    at: AT,
    by: { id: 'u1', name: 'Cora' },
    evidence: {
      scanDate: '2026-11-02',
      periodId: 'per1',
      reasons: [{ name: 'Price', value: 'Wrong price' }],
      message: 'Shown far below the list price.',
      scraped: { name: `Aurora ${style}`, style_number: style, price: 700, URL: `https://shop.example/${style}`, image: `screenshots/product/r1/2026-11-02/${style}.png`, screenshot: '', brand_sku: style, ...scraped },
      onHand: { serialNo: `SN-${style}`, styleName: 'Aurora Ring', price: 1000 },
      gap: priceGap(700, 1000),
      ...over,
    },
  };
};
const record = (f: FlagInput) => flagStep(undefined, f)!.after;
const input = (cases: PackCase[], over: Partial<PackInput> = {}): PackInput => ({
  brandName: 'Maison Aurelle',
  retailerName: 'Harrowgate & Finch',
  generatedAt: '2026-11-20T09:30:00.000Z',
  bySeverity: { high: cases.filter((c) => c.record.severity === 'high').length, medium: cases.filter((c) => c.record.severity === 'medium').length, low: cases.filter((c) => c.record.severity === 'low').length },
  byStatus: { open: cases.length, notified: 0, acknowledged: 0 },
  cases,
  ...over,
});

describe('the evidence pack PDF', () => {
  it('has a cover and then one page per case, in the order given, each with its evidence', async () => {
    const cases: PackCase[] = [
      { record: { ...record(flag('A1')), status: 'notified', notifiedAt: '2026-11-03T08:00:00.000Z' }, pictures: [{ which: 'image', bytes: solidPng(60, 40) }] },
      { record: record(flag('A2', { reasons: [{ name: 'Image Issues', value: 'Image Issues' }], message: 'Old season picture.', price: 105, gap: priceGap(105, 105) })), pictures: [] },
      { record: record(flag('', { reasons: [{ name: 'Other', value: 'Other' }], message: 'Old logo', URL: 'https://shop.example/brands/aurelle', image: '', onHand: null, gap: null, price: null }, 'profile')), pictures: [] },
    ];
    const pdf = await pdfPages(await buildEvidencePack(input(cases)));
    expect(pdf.count).toBe(1 + cases.length);

    const cover = pageText(pdf.lines[0]!);
    expect(cover).toContain(CASE_PACK.title);
    expect(cover).toContain('Maison Aurelle');
    expect(cover).toContain('Harrowgate & Finch');
    expect(cover).toContain('11/20/2026');
    expect(cover).toContain(`${CASE_PACK.labels.active}: 3`);
    expect(pdf.lines[0]).toEqual(expect.arrayContaining(['High', 'Medium', 'Low', 'Open', 'Notified', 'Acknowledged']));
    expect(cover).not.toContain('worst of the');
    expect(cover).toContain('Page 1 of 4');

    const first = pageText(pdf.lines[1]!);
    for (const s of ['HIGH', 'Case 1 of 3', 'Aurora A1', 'A1', 'Notified', '11/02/2026', '11/03/2026', 'Price: Wrong price', 'Shown far below the list price.', '$700.00', '$1,000.00 (SN-A1, Aurora Ring)', '-$300.00 (-30%)', 'https://shop.example/A1', CASE_PACK.labels.picture, 'Page 2 of 4']) {
      expect(first, s).toContain(s);
    }
    expect(pdf.images[1]).toBe(1);

    const second = pageText(pdf.lines[2]!);
    expect(second).toContain('Aurora A2');
    expect(second).toContain('Image Issues');
    expect(second).toContain('$0.00 (0%)');
    expect(second).toContain(CASE_PACK.noPicture);
    expect(pdf.images[2]).toBe(0);

    const profile = pageText(pdf.lines[3]!);
    expect(profile).toContain('Brand profile');
    expect(profile).toContain(CASE_PACK.labels.brandPage);
    expect(profile).toContain('https://shop.example/brands/aurelle');
    expect(profile).not.toContain(CASE_PACK.labels.retailerPrice);
    expect(profile).toContain('Page 4 of 4');
  });

  it('says on the cover when the pack holds fewer cases than are active', async () => {
    const cases = [{ record: record(flag('A1')), pictures: [] }];
    const pdf = await pdfPages(await buildEvidencePack(input(cases, { bySeverity: { high: 150, medium: 80, low: 20 }, byStatus: { open: 200, notified: 40, acknowledged: 10 } })));
    expect(pdf.count).toBe(2);
    const cover = pageText(pdf.lines[0]!);
    expect(cover).toContain(`${CASE_PACK.labels.active}: 250`);
    expect(cover.replace(/\n/g, ' ')).toContain(CASE_PACK.truncated(1, 250));
  });

  it('keeps each case on its one page: a long message and address are cut with …, and 200 cases make 201 pages', async () => {
    const long = flag('L1', { message: 'The price shown is wrong. '.repeat(200), URL: `https://shop.example/${'x'.repeat(3000)}` });
    const one = await pdfPages(await buildEvidencePack(input([{ record: record(long), pictures: [{ which: 'image', bytes: solidPng(300, 1200) }, { which: 'screenshot', bytes: solidPng(1200, 300) }] }])));
    expect(one.count).toBe(2);
    expect(one.lines[1]!.filter((l) => l.endsWith('…'))).toHaveLength(2);
    expect(one.images[1]).toBe(2);

    const many = Array.from({ length: CASE_PACK.maxCases }, (_, i) => ({ record: record(flag(`M${i}`)), pictures: [] }));
    const pdf = await pdfPages(await buildEvidencePack(input(many)));
    expect(pdf.count).toBe(CASE_PACK.maxCases + 1);
    expect(pageText(pdf.lines[CASE_PACK.maxCases]!)).toContain(`Aurora M${CASE_PACK.maxCases - 1}`);
  });

  it('names a picture it cannot show (not PNG or JPEG, damaged, gone, too large) and shows a JPEG', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const jpeg = Buffer.from(
      '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
      'base64',
    );
    expect(pictureFormat(jpeg)).toBe('jpeg');
    expect(pictureFormat(solidPng(1, 1))).toBe('png');
    expect(pictureFormat(svg)).toBeUndefined();
    const pdf = await pdfPages(
      await buildEvidencePack(
        input([
          { record: record(flag('P1')), pictures: [{ which: 'image', bytes: svg }, { which: 'screenshot', bytes: jpeg }] },
          { record: record(flag('P2')), pictures: [{ which: 'image', missing: 'gone' }, { which: 'screenshot', missing: 'tooLarge' }] },
          { record: record(flag('P3')), pictures: [{ which: 'image', bytes: Buffer.concat([solidPng(4, 4).subarray(0, 20), Buffer.alloc(10)]) }] },
        ]),
      ),
    );
    const flat = (i: number) => pageText(pdf.lines[i]!).replace(/\n/g, ' ');
    expect(flat(1)).toContain(CASE_PACK.pictureNotShown);
    expect(pdf.images[1]).toBe(1);
    expect(flat(2)).toContain(CASE_PACK.pictureGone);
    expect(flat(2)).toContain(CASE_PACK.pictureTooLarge);
    expect(flat(3)).toContain(CASE_PACK.pictureNotShown);
    expect(pdf.images[3]).toBe(0);
  });

  it('puts an 8-bit RGB or grey PNG in as it is (no decoding), decodes another PNG within its pixel budgets, names the rest', async () => {
    const rgb = solidPng(30, 20);
    const asIs = pngAsIs(rgb)!;
    expect(asIs).toMatchObject({ width: 30, height: 20, colors: 3 });
    expect(pngAsIs(solidPng(30, 20, [1, 2, 3], 128))).toBeUndefined(); // RGBA: decoded by pdf-lib
    expect(pngAsIs(Buffer.from('not a png'))).toBeUndefined();
    const big = Math.ceil(Math.sqrt(PNG_DECODE_PIXELS)) + 1;
    const pdf = await pdfPages(
      await buildEvidencePack(
        input([
          { record: record(flag('R1')), pictures: [{ which: 'image', bytes: rgb }, { which: 'screenshot', bytes: solidPng(40, 40, [9, 9, 9], 200) }] },
          { record: record(flag('R2')), pictures: [{ which: 'image', bytes: solidPng(big, big, [1, 2, 3], 255) }] },
        ]),
      ),
    );
    expect(pdf.images[1]).toBe(2);
    // The RGB one: its own compressed rows, with the PNG predictor.
    const xobjects = pdf.doc.getPages()[1]!.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const streams = xobjects.keys().map((k) => xobjects.lookup(k) as PDFRawStream);
    const raw = streams.find((x) => x.dict.get(PDFName.of('DecodeParms')))!;
    expect((raw.dict.lookup(PDFName.of('Width'), PDFNumber)).asNumber()).toBe(30);
    expect(raw.dict.get(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceRGB'));
    expect(Buffer.from(raw.contents)).toEqual(Buffer.from(asIs.data));
    expect(pdf.images[2]).toBe(0);
    expect(pageText(pdf.lines[2]!).replace(/\n/g, ' ')).toContain(CASE_PACK.pictureTooLarge);
    expect(PACK_DECODE_PIXELS).toBeGreaterThan(PNG_DECODE_PIXELS);
  });

  it("prints a character the standard fonts lack as '?', and Latin-1 as it is", async () => {
    const f = flag('Z1', { message: 'Prix affiché: 東京 ✓ — café' });
    const pdf = await pdfPages(await buildEvidencePack(input([{ record: { ...record(f), name: 'Bague Lumière 東京' }, pictures: [] }], { retailerName: 'Lumière Boutique' })));
    const text = pageText(pdf.lines[1]!);
    expect(text).toContain('Bague Lumière ??');
    expect(text).toContain('Prix affiché: ?? ? — café');
    expect(pageText(pdf.lines[0]!)).toContain('Lumière Boutique');
  });

  it('writes money as the app does', () => {
    expect([money(1000), money(-300), money(0.5), money(null)]).toEqual(['$1,000.00', '-$300.00', '$0.50', 'N/A']);
  });
});

describe('the kept copies of a case (evidence/)', () => {
  it('keeps the stored picture and screenshot of the evidence, never an address or a value that is not ours', () => {
    const c = record(flag('K1', { screenshot: 'screenshots/product/r1/2026-11-02/K1-page.jpg' }));
    expect(picturesToKeep(c)).toEqual({ image: 'screenshots/product/r1/2026-11-02/K1.png', screenshot: 'screenshots/product/r1/2026-11-02/K1-page.jpg' });
    expect(picturesToKeep(record(flag('K2', { image: 'https://cdn.retailer.example/k2.jpg', screenshot: 'evidence/b1/x/0-image.png' })))).toEqual({});
  });

  it('one key per opening and picture, under evidence/<brand>/<case>/, with the source extension', () => {
    const c = record(flag('K1'));
    expect(keptKeyOf(c, 'image', 'screenshots/product/r1/2026-11-02/K1.PNG')).toBe(`evidence/b1/${caseIdOf('b1', 'r1', 'K1')}/0-image.png`);
    expect(keptKeyOf({ ...c, repeats: 2 }, 'screenshot', 'screenshots/product/r1/2026-11-02/page')).toBe(`evidence/b1/${c._id}/2-screenshot`);
    expect(keptKeyOf(c, 'image', 'screenshots/a.b/c')).toBe(`evidence/b1/${c._id}/0-image`);
  });
});
