/**
 * A brand of a test's own for the case tests (issue 24): two retailers, each with one published
 * period of five products (A1..A5, A1 at 700.00 against an on-hand item at 1,000.00 matched by its
 * map id), a Brand admin and a User assigned the second retailer, and a contact at the first. The
 * demo's flags stay as they are. With `pictures`, the first retailer's A1 has a picture and a page
 * screenshot stored under screenshots/ as a robot stores them (PNGs), A2 a picture, and its brand
 * profile a page screenshot (issue 24 §2: what a case keeps).
 */
import type { ProductScrape } from '../../functions/scrapings/domain/product';
import { TEST_ROLES, testUser } from './accounts';
import { seedBrand } from './brands';
import { solidPng } from './png';
import { periodRecord, productScrape } from './scrapes';
import { storeFeed } from './seed-period';

export const CASE_PASSWORD = 'Case-2031!';

export function caseFixture(tag: string, opts: { pictures?: boolean } = {}) {
  const brand = { _id: `brand-case-${tag}`, name: `Case House ${tag}`, slug: `case-house-${tag}` };
  const r1 = { _id: `ret-case1-${tag}`, name: `Case Store ${tag}`, optId: `CSA${tag}`.toUpperCase(), slug: `case-store-${tag}`, website: 'https://c1.example' };
  const r2 = { _id: `ret-case2-${tag}`, name: `Other Case Store ${tag}`, optId: `CSB${tag}`.toUpperCase(), slug: `other-case-store-${tag}`, website: 'https://c2.example' };
  const date = '2026-11-02';
  const shot = (name: string) => `screenshots/product/${r1.slug}/${date}/${name}.png`;
  /** The stored pictures (keys under screenshots/) of the first retailer's products and brand profile, with `pictures`. */
  const pictures = { A1: { image: shot('A1'), screenshot: shot('A1-page') }, A2: { image: shot('A2'), screenshot: '' }, profile: { screenshot: `screenshots/brand/${r1.slug}/${date}/brand-page.png` } };
  return {
    brand,
    r1,
    r2,
    date,
    pictures,
    contact: `buyer-${tag}@c1.example`,
    adminEmail: `case-admin-${tag}@demo.test`,
    userEmail: `case-${tag}@demo.test`,
    /** Filled by `seed()`: each retailer's period id. */
    period: { r1: '', r2: '' },
    /** Seeds, then signs in its Brand admin, its User and (another brand) Maison Aurelle's admin. */
    async seedAndSignIn(): Promise<Record<'admin' | 'user' | 'other', string>> {
      const { login } = await import('./api');
      await this.seed();
      return { admin: await login(this.adminEmail, CASE_PASSWORD), user: await login(this.userEmail, CASE_PASSWORD), other: await login('brandadmin@demo.test') };
    },
    /** Flags a product (by style number) of a retailer's period through the flag call, as `token`. */
    async flag(token: string, style: string, reason: { name: string; value: string }[], message = `About ${style}`, retailer: 'r1' | 'r2' = 'r1') {
      const { callRoute } = await import('./api');
      const { productIdOf } = await import('../../functions/scrapings/domain/ids');
      return callRoute('updateProductFlag', { params: { id: productIdOf(this.period[retailer], style) }, token, body: { isFlagged: 'yes', message, reason } });
    },
    /**
     * The contact form's email to the first retailer's contact about these products of its period,
     * as `token` (the brand admin's by default), 200 expected; with `casesLink`, the token of the
     * link to the retailer's open cases the email carries.
     */
    async emailAbout(token: string, styles: readonly string[], o: { subject: string; message?: string; requestId?: string; casesLink?: boolean }): Promise<{ caseLinkToken?: string }> {
      const { callRoute, sentEmails } = await import('./api');
      const { productIdOf } = await import('../../functions/scrapings/domain/ids');
      const fd = new FormData();
      const fields = { subject: o.subject, message: o.message ?? '<p>Please have a look.</p>', source: 'product', retailer_brand_scraping: this.period.r1, requestId: o.requestId ?? `req-${tag}-${Math.random().toString(36).slice(2)}`, isCanned: 'false', ...(o.casesLink ? { casesLink: 'true' } : {}) };
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      fd.append('to[]', this.contact);
      for (const style of styles) fd.append('products[]', productIdOf(this.period.r1, style));
      const sent = await callRoute('contactRetailer', { query: { version: '1.0.0' }, token, body: fd });
      if (sent.status !== 200) throw new Error(`the email about ${styles.join(', ')} was refused: ${sent.status} ${JSON.stringify(sent.body)}`);
      if (!o.casesLink) return {};
      const email = (await sentEmails()).filter((e) => e.subject === o.subject).at(-1);
      const m = /href="[^"]*\/retailer-cases#t=([A-Za-z0-9_.-]+)"/.exec(email?.body.html ?? '');
      if (!m) throw new Error(`no case link in the email: ${email?.body.html}`);
      return { caseLinkToken: m[1]! };
    },
    async seed(): Promise<void> {
      const ids = await import('../../functions/scrapings/domain/ids');
      const repo = await import('../../functions/scrapings/scrapings.repo');
      const { createUser } = await import('../../functions/users/users.repo');
      const { hashPassword } = await import('../../functions/lib/password');
      const contacts = await import('../../functions/address-book/contacts.repo');
      if (opts.pictures) {
        const { s3 } = await import('../../functions/lib/clients/s3');
        const { PutObjectCommand } = await import('@aws-sdk/client-s3');
        const keys = [pictures.A1.image, pictures.A1.screenshot, pictures.A2.image, pictures.profile.screenshot];
        for (const [i, Key] of keys.entries()) await s3.send(new PutObjectCommand({ Bucket: process.env.DATA_BUCKET!, Key, Body: solidPng(40 + i * 10, 30), ContentType: 'image/png' }));
      }
      const now = new Date().toISOString();
      await seedBrand(brand, [r1, r2], [r1, r2].map((r) => ({ retailer: r._id, flag: true, webSiteType: 'retailerWithProducts' as const })));
      const hash = await hashPassword(CASE_PASSWORD);
      await createUser(testUser({ _id: `user-case-admin-${tag}`, name: 'Cora Case', email: this.adminEmail, passwordHash: hash, brand: brand._id, roles: [TEST_ROLES.BRAND_ADMIN], notify: true }));
      await createUser(testUser({ _id: `user-case-${tag}`, email: this.userEmail, passwordHash: hash, brand: brand._id, associated_retailers: [r2._id], notify: true }));
      await contacts.putContact({ firstName: 'Bea', lastName: 'Buyer', role: 'Buyer', createdBy: 'test', email: this.contact, brand: brand._id, retailer: r1._id });
      await storeFeed({ brand: brand._id, version: `oh${tag}`, key: `incoming/oh/${brand.slug}/${this.date}/oh.csv`, date: this.date, ingestedAt: now }, [
        { serialNo: `SN-${tag}`, inventoryId: `INV-${tag}`, styleName: 'Aurora Ring', price: 1000, customerId: r1.optId, customerName: r1.name, image: '' },
      ]);
      const version = `vcase${tag}`;
      for (const [k, r] of [['r1', r1], ['r2', r2]] as const) {
        const periodId = ids.periodIdOf(brand._id, r._id, this.date);
        this.period[k] = periodId;
        const stored = (style: string) => (opts.pictures && k === 'r1' && (style === 'A1' || style === 'A2') ? pictures[style] : {});
        const products: ProductScrape[] = ['A1', 'A2', 'A3', 'A4', 'A5'].map((style, i) =>
          productScrape({ _id: ids.productIdOf(periodId, style), retailer_brand_scraping: periodId, brand: brand._id, retailer: r._id, date: this.date, style_number: style, name: `Piece ${style}`, price: style === 'A1' ? 700 : 100 + i, isFlagged: 'no', ...(style === 'A1' ? { oh_map_id: `SN-${tag}` } : {}), ...stored(style) }),
        );
        const writer = repo.productWriter(version);
        for (const p of products) await writer.add(p);
        await writer.close();
        await repo.putPeriod(periodRecord({ _id: periodId, brand: brand._id, retailer: r._id, date: this.date, version, totalProducts: 5, flaggedCount: 0, approvedDate: now }));
        await repo.upsertScanInfo(brand._id, r._id, 'productDate', this.date, { periodId, totalProducts: 5, ...(opts.pictures && k === 'r1' ? { brand_screenshot: pictures.profile.screenshot, brandLink: `https://c1.example/brands/${brand.slug}` } : {}) });
      }
    },
  };
}
