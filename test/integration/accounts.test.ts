/**
 * Issue 6 §1 and §4 (register): brand names and slugs are unique, reserved with the record in one
 * transaction; on-hand feeds reach the brand whose slug they name, through its reservation; a
 * registration never tells whether an email has an account.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { callRoute, errorBody, login, sentEmails, stack } from '../support/api';
import { putObject, waitForFile } from '../support/post-office';

const tag = randomBytes(4).toString('hex');
const fresh = (what: string) => `${what}-${tag}-${randomBytes(3).toString('hex')}@demo.test`;
const register = (email: string, company: string) => callRoute('register', { body: { email, password: 'secret-1', firstName: 'Rita', lastName: 'Gister', company } });

let repos: {
  brands: typeof import('../../functions/brands/brands.repo');
  retailers: typeof import('../../functions/retailers/retailers.repo');
  inventory: typeof import('../../functions/inventory/inventory.repo');
  users: typeof import('../../functions/users/users.repo');
};
beforeAll(async () => {
  Object.assign(process.env, stack().env);
  repos = {
    brands: await import('../../functions/brands/brands.repo'),
    retailers: await import('../../functions/retailers/retailers.repo'),
    inventory: await import('../../functions/inventory/inventory.repo'),
    users: await import('../../functions/users/users.repo'),
  };
});

const ohFeed = (serial: string) => `Serial Number,Inventory ID,Style Name,Price,Customer ID,Customer Name,Image\n${serial},INV-1,Rivoli Bag,1200,OPT1001,Harrowgate & Finch,\n`;

describe('brand names and slugs cannot be imitated (tenant capture)', () => {
  it("refuses '!Maison Aurelle' and other look-alikes of an existing brand, writing nothing", async () => {
    for (const company of ['!Maison Aurelle', 'maison  aurelle', 'Maison Aurèlle', 'MAISON-AURELLE']) {
      const email = fresh('lookalike');
      const res = await register(email, company);
      expect(res.status, company).toBe(409);
      expect(errorBody(res).message).toBe(MSG.brandNameTaken);
      expect(await repos.users.getUserByEmail(email), company).toBeUndefined();
    }
    expect((await repos.brands.getBrandBySlug('maison-aurelle'))?._id).toBe('brand-maison-aurelle');
  });

  // A scan date in the future is refused at ingest (docs/decisions.md): feeds are dated today.
  const today = new Date().toISOString().slice(0, 10);

  it('an on-hand feed dropped for a registered brand reaches that brand, not a newcomer with a look-alike name', async () => {
    const name = `Capture House ${tag}`;
    expect((await register(fresh('owner'), name)).status).toBe(201);
    const slug = `capture-house-${tag}`;
    const owner = await repos.brands.getBrandBySlug(slug);
    expect(owner?.name).toBe(name);
    // The capture: a second company whose name slugs the same, sorting first ('!').
    expect((await register(fresh('thief'), `!${name}`)).status).toBe(409);
    expect((await register(fresh('thief'), ` capture-HOUSE  ${tag}.`)).status).toBe(409);

    const key = `incoming/oh/${slug}/${today}/feed.csv`;
    await putObject(key, ohFeed(`CAP-${tag}`));
    await expect.poll(async () => (await repos.inventory.getCurrentFeed(owner!._id))?.key, { timeout: 20_000 }).toBe(key);
    expect((await repos.inventory.getOhItem(owner!._id, `CAP-${tag}`))?.customerId).toBe('OPT1001');
  });

  it('a feed for a slug no brand has becomes an error file in the post office', async () => {
    const key = `incoming/oh/nobody-${tag}/${today}/feed.csv`;
    await putObject(key, ohFeed(`NOB-${tag}`));
    const file = await waitForFile(await login('admin@demo.test'), key);
    expect(file).toMatchObject({ approvedStatus: 'pending', flag: 'require_review', name: `nobody-${tag}` });
    expect(file.error).toMatch(`Unknown brand slug "nobody-${tag}"`);
  });

  it('a retailer slug is reserved by its record: a second retailer cannot take it, and drops resolve through it', async () => {
    const now = new Date().toISOString();
    const slug = `slug-store-${tag}`;
    const first = { _id: `ret-slug1-${tag}`, name: `Slug Store ${tag}`, optId: `SL1${tag}`, slug, website: 'https://one.example', createdAt: now, updatedAt: now };
    await repos.retailers.putRetailer(first);
    await repos.retailers.putRetailer(first); // the same retailer again: a no-op
    await expect(repos.retailers.putRetailer({ ...first, _id: `ret-slug2-${tag}`, name: `Slug Store Two ${tag}` })).rejects.toMatchObject({ statusCode: 409 });
    expect((await repos.retailers.getRetailerBySlug(slug))?._id).toBe(first._id);
    expect(await repos.retailers.getRetailers([`ret-slug2-${tag}`])).toEqual([]);
  });
});

describe('POST /register is one transaction', () => {
  it('a registration refused for its company name leaves the email free for another company', async () => {
    const email = fresh('retry');
    const refused = await register(email, 'Castellane Paris');
    expect(refused.status).toBe(409);
    expect(await repos.users.getUserByEmail(email)).toBeUndefined();
    const ok = await register(email, `Retry Maison ${tag}`);
    expect(ok.status).toBe(201);
    expect((await repos.users.getUserByEmail(email))?.brand).toBe((await repos.brands.getBrandBySlug(`retry-maison-${tag}`))?._id);
    await expect.poll(async () => (await sentEmails()).some((m) => m.destination.to.includes(email) && m.subject === 'Activate your account')).toBe(true);
  });
});

describe('POST /register does not tell whether an email has an account', () => {
  it('answers a taken email exactly as a new one, creates nothing and emails the owner instead', async () => {
    const company = `Probe Atelier ${tag}`;
    const taken = await register('brandadmin@demo.test', company);
    const newcomer = await register(fresh('probe'), `Other Probe ${tag}`);
    expect(taken.status).toBe(201);
    expect(taken.status).toBe(newcomer.status);
    expect(taken.body).toEqual(newcomer.body);
    await expect
      .poll(async () => (await sentEmails()).some((m) => m.destination.to.includes('brandadmin@demo.test') && m.subject === 'Someone tried to register with your address'))
      .toBe(true);
    const told = (await sentEmails()).reverse().find((m) => m.destination.to.includes('brandadmin@demo.test') && m.subject === 'Someone tried to register with your address');
    expect(told?.body.html).toMatch(/log in.*reset your password/s);
    // Nothing was created for the taken email: the company name is still free, the account unchanged.
    expect(await repos.brands.getBrandBySlug(`probe-atelier-${tag}`)).toBeUndefined();
    expect((await repos.users.getUserByEmail('brandadmin@demo.test'))?.brand).toBe('brand-maison-aurelle');
    expect((await register(fresh('probe2'), company)).status).toBe(201);
  });
});
