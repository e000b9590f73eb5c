/**
 * A brand of a test's own whose retailer's scan the content checks have something to say about
 * (issue 38): its catalogue (five products, the bag as their official picture, a retired scarf
 * shot, MSRP in France) and a published product file of its retailer (market FR · EUR) that
 * shows a discount, a renamed product with the retired picture, a retired product, a foreign
 * picture, a product not in the catalogue and one that matches everything. Dropped and approved
 * through the real pipeline; `seed()` waits for the checks to finish.
 */
import { TEST_ROLES, testUser } from './accounts';
import { seedBrand } from './brands';
import { callRoute, login, stack } from './api';
import { dropRobotFile, putObject, waitForFile } from './post-office';
import { resaved, SVG_PICTURES } from './svg-pictures';

const HEADER = 'Style Number,Name,Brand,Brand SKU,Price,Description,Image URLs,Product URL,Screenshot,Shoppability,OH Map ID';
const DATE = '2026-11-30';

export function contentFixture(tag: string) {
  const brand = { _id: `brand-cc-${tag}`, name: `Checked House ${tag}`, slug: `checked-house-${tag}` };
  const retailer = { _id: `ret-cc-${tag}`, name: `Checked Store ${tag}`, optId: `CC${tag}`.toUpperCase(), slug: `checked-store-${tag}`, website: 'https://checked.example', market: { country: 'FR', currency: 'EUR' } };
  const password = 'Check-2031!';
  const email = `cc-${tag}@demo.test`;
  const cat = `screenshots/catalog/${brand.slug}`;
  const shots = `screenshots/${retailer.slug}/${DATE}`;
  const row = (style: string, name: string, price: string, image: string) => [style, name, brand.name, style, price, 'Fine leather', image, `https://checked.example/${style}`, '', 'In stock', ''].join(',');
  return {
    brand,
    retailer,
    email,
    password,
    periodId: '',
    async seed(): Promise<void> {
      Object.assign(process.env, stack().env);
      const { createUser } = await import('../../functions/users/users.repo');
      const { hashPassword } = await import('../../functions/lib/password');
      await seedBrand(brand, [retailer as never], [{ retailer: retailer._id, flag: true, webSiteType: 'retailerWithProducts' as const }]);
      await createUser(testUser({ _id: `user-cc-${tag}`, name: 'Chloé Check', email, passwordHash: await hashPassword(password), brand: brand._id, roles: [TEST_ROLES.BRAND_ADMIN], notify: false }));
      const admin = await login('admin@demo.test');
      const token = await login(email, password);
      await putObject(`${cat}/bag.svg`, SVG_PICTURES.bag);
      await putObject(`${cat}/scarf-2024.svg`, SVG_PICTURES.scarf);
      await putObject(`${shots}/bag.svg`, resaved(SVG_PICTURES.bag));
      await putObject(`${shots}/old.svg`, SVG_PICTURES.scarf);
      await putObject(`${shots}/foreign.svg`, SVG_PICTURES.foreign);
      const catalogue = [
        'Brand SKU,Name,Description,Category,Collection,Status,Images,Retired Images,MSRP FR EUR',
        'CC-1,Sac Aurore,Fine leather,Bags,FW26,active,bag.svg,,1000',
        'CC-2,Sac Lune,Fine leather,Bags,FW26,active,bag.svg,scarf-2024.svg,1200',
        'CC-3,Pochette Soleil,Fine leather,Bags,FW23,retired,bag.svg,,900',
        'CC-4,Cabas Étoile,Fine leather,Bags,FW26,active,bag.svg,,1500',
        'CC-5,Sac Parfait,Fine leather,Bags,FW26,active,bag.svg,,700',
      ].join('\n');
      await putObject(`incoming/catalog/${brand.slug}/2026-11-20/golden.csv`, catalogue + '\n');
      const { getCurrentCatalog } = await import('../../functions/catalog');
      for (let i = 0; (await getCurrentCatalog(brand._id))?.entries !== 5; i++) {
        if (i > 150) throw new Error('the catalogue was not applied');
        await new Promise((r) => setTimeout(r, 200));
      }
      const csv = [
        HEADER,
        row('CC-1', 'Sac Aurore', '800.00', `${shots}/bag.svg`), // 20 % under MSRP; the official picture re-saved: no image finding
        row('CC-2', 'Sac Lune Édition Spéciale XL', '1200.00', `${shots}/old.svg`), // renamed; the retired picture
        row('CC-3', 'Pochette Soleil', '900.00', `${shots}/bag.svg`), // retired product still listed
        row('CC-4', 'Cabas Étoile', '1500.00', `${shots}/foreign.svg`), // a picture not from the catalogue
        row('XX-9', 'Sac Inconnu', '500.00', `${shots}/bag.svg`), // not in the catalogue
        row('CC-5', 'Sac Parfait', '700.00', `${shots}/bag.svg`), // everything as the catalogue says
      ].join('\n');
      const key = await dropRobotFile(retailer.slug, 'product', DATE, csv + '\n');
      const f = await waitForFile(admin, key, true);
      if (f.approvedStatus === 'pending') await callRoute('approveFile', { query: { _id: f._id }, token: admin });
      for (let i = 0; (await waitForFile(admin, key)).approvedStatus !== 'approved'; i++) {
        if (i > 300) throw new Error(`${key} was not approved`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const periods = await callRoute('listRetailerPeriods', { params: { brandId: brand._id, retailerId: retailer._id }, token });
      this.periodId = periods.body.data[0]!._id;
      for (let i = 0; ; i++) {
        const s = await callRoute('listSuggestions', { token, params: { brandId: brand._id, periodId: this.periodId }, query: {} });
        if (s.status === 200 && s.body.state.status === 'done') break;
        if (i > 300) throw new Error(`the checks did not finish: ${JSON.stringify(s.body)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
  };
}
