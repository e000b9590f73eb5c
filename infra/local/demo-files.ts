/**
 * Demo robot files and an on-hand feed, generated deterministically (seeded PRNG): three weekly
 * scan periods per retailer with real changes between them, and a fourth, latest period whose
 * files land in every flag state. `scale` shrinks the catalogues (the test suite uses a small one).
 * The robots' pictures (packshots, page screenshots, logos, hero images) are drawn by
 * ./demo-pictures.ts and stored under screenshots/ as a robot stores them; the files refer to
 * them by key (docs/robot-files.md "Pictures").
 */
import { SEED_RETAILERS } from './seed';
import { brandLogo, brandPageShot, heroImage, homepageShot, packshot, pictureMaterial, PictureFolder, productPageShot, type BrandSlug, type DemoPicture, type Season, type ShotItem } from './demo-pictures';
import type { DemoCalendar } from './demo-calendar';
import { prng } from './prng';

export interface DemoFile {
  key: string;
  body: string;
  /** The pictures this file is the first to refer to: put in the bucket before the file. */
  pictures: DemoPicture[];
}


const CATEGORIES = [
  { code: 'BAG', label: 'bags', names: ['Saddle Bag', 'Quai Tote', 'Rivoli Clutch', 'Bucket Bag', 'Camera Bag', 'Hobo Bag', 'Top Handle', 'Belt Bag'], min: 690, max: 4200 },
  { code: 'SLG', label: 'small-leather-goods', names: ['Card Holder', 'Zip Wallet', 'Chain Wallet', 'Key Pouch', 'Passport Cover', 'Coin Purse'], min: 190, max: 890 },
  { code: 'SHO', label: 'shoes', names: ['Ballet Flat', 'Slingback Pump', 'Loafer', 'Ankle Boot', 'Mule', 'Sneaker'], min: 450, max: 1450 },
  { code: 'JWL', label: 'jewelry', names: ['Chain Necklace', 'Hoop Earrings', 'Signet Ring', 'Cuff Bracelet', 'Pendant', 'Brooch', 'Tank Watch', 'Chronograph Watch'], min: 290, max: 6800 },
  { code: 'SCF', label: 'scarves', names: ['Silk Carré', 'Cashmere Stole', 'Twilly', 'Bandana'], min: 180, max: 1100 },
  { code: 'EYE', label: 'eyewear', names: ['Cat-Eye Sunglasses', 'Aviator Sunglasses', 'Square Optical Frame'], min: 320, max: 690 },
];
const MATERIALS = ['Calfskin', 'Lambskin', 'Monogram Canvas', 'Grained Leather', 'Suede', 'Satin', 'Gold-Tone', 'Silver', 'Silk Twill', 'Cashmere', 'Acetate'];
const COLORS = ['Noir', 'Ivory', 'Cognac', 'Bordeaux', 'Sage', 'Navy', 'Blush', 'Taupe'];

interface CatalogItem {
  brandSku: string;
  name: string;
  category: (typeof CATEGORIES)[number];
  price: number;
  description: string;
  /** What its pictures show: the category's name, colour and material. */
  base: string;
  color: string;
  material: string;
}

/** Maison Aurelle's catalogue: the styles retailers carry. */
function catalog(size: number, brandPrefix: string, brandName: string, seed: number): CatalogItem[] {
  const rnd = prng(seed);
  const out: CatalogItem[] = [];
  for (let i = 0; out.length < size; i++) {
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const base = category.names[Math.floor(rnd() * category.names.length)]!;
    const material = MATERIALS[Math.floor(rnd() * MATERIALS.length)]!;
    const color = COLORS[Math.floor(rnd() * COLORS.length)]!;
    const price = Math.round((category.min + rnd() * (category.max - category.min)) / 10) * 10;
    out.push({
      brandSku: `${brandPrefix}-${category.code}-${String(1000 + i).padStart(4, '0')}`,
      name: `${brandName.split(' ')[1] ?? brandName} ${base} in ${material}, ${color}`,
      category,
      price,
      description: `${material} ${base.toLowerCase()} in ${color.toLowerCase()}, made in France.`,
      base,
      color,
      material,
    });
  }
  return out;
}

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** What a packshot or a page screenshot of the item shows. */
const shotItem = (item: CatalogItem, shown: { name: string; brand: string; price: number; shoppability: string }): ShotItem => ({
  category: item.category.code,
  base: item.base,
  color: item.color,
  material: pictureMaterial(item.category.code, item.material),
  description: item.description,
  breadcrumb: item.category.label.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
  ...shown,
});
/** The item's packshot (one per shape, colour and material variant: PictureFolder stores it once), drawn once. */
const packshots = new Map<CatalogItem, { name: string; body: string }>();
const packshotOf = (item: CatalogItem) => {
  let shot = packshots.get(item);
  if (!shot) {
    const s = shotItem(item, { name: '', brand: '', price: 0, shoppability: '' });
    shot = { name: `${s.category}-${s.base}-${s.color}`, body: packshot({ ...s, label: `${s.base}, ${s.color}` }) };
    packshots.set(item, shot);
  }
  return shot;
};

const PRODUCT_HEADER = ['Style Number', 'Name', 'Brand', 'Brand SKU', 'Price', 'Description', 'Image URLs', 'Product URL', 'Screenshot', 'Shoppability', 'OH Map ID'];

interface RetailerPlan {
  slug: string;
  optId: string;
  name: string;
  prefix: string;
  products: number;
  carriesCastellane: boolean;
  hasProducts: boolean;
}

interface Row {
  style: string;
  item: CatalogItem;
  brand: string;
  price: number;
  name: string;
  shoppability: string;
  ohMapId: string;
}

function retailerPlans(scale: number): RetailerPlan[] {
  const sizes: Record<string, number> = { 'harrowgate-finch': 1800, 'lumiere-boutique': 900, 'northbay-luxury': 2400, 'saint-clair-jewelers': 300, 'vellani-fine-goods': 0, 'orchard-row': 600 };
  return SEED_RETAILERS.map((r, i) => ({
    slug: r.slug,
    optId: r.optId,
    name: r.name,
    prefix: r.slug.split('-').map((w) => w[0]!.toUpperCase()).join('') + String(i + 1),
    products: Math.max(r.webSiteType === 'retailerWithoutProducts' ? 0 : 30, Math.round((sizes[r.slug] ?? 300) * scale)),
    carriesCastellane: i < 3,
    hasProducts: r.webSiteType !== 'retailerWithoutProducts',
  }));
}

/**
 * The month's files on the calendar's four scan dates (./demo-calendar.ts). The robots' check of
 * the day the data is made finds Saint-Clair Jewelers' product robot late (nothing after the
 * third scan), Harrowgate & Finch's last product file thin (half its catalogue) and Orchard Row's
 * broken.
 */
export function demoFiles(scale: number, calendar: Pick<DemoCalendar, 'periods' | 'ohDate'>, o: { flaggedSkus?: ReadonlySet<string> } = {}): { files: DemoFile[]; ohFeed: DemoFile; catalogue: DemoFile; planted: PlantedFindings } {
  const DEMO_PERIODS = calendar.periods;
  const aurelle = catalog(Math.max(200, Math.round(3000 * scale)), 'MA', 'Maison Aurelle', 11);
  const castellane = catalog(Math.max(60, Math.round(600 * scale)), 'CP', 'Castellane Paris', 23);
  const files: DemoFile[] = [];
  const ohRows: string[][] = [];
  /** The Maison Aurelle items Northbay Luxury shows on its latest scan (where the catalogue's planted findings are). */
  let northbayItems: CatalogItem[] = [];
  // The brand's feed comes with its packshots, stored beside it as the robots store theirs.
  const ohDate = calendar.ohDate;
  const ohPictures = new PictureFolder('screenshots/oh/maison-aurelle');
  const ohImage = (item: CatalogItem) => ohPictures.store(ohDate, packshotOf(item).name, packshotOf(item).body);

  for (const [ri, plan] of retailerPlans(scale).entries()) {
    const rnd = prng(1000 + ri);
    const host = `${plan.slug}.example`;
    // What this retailer's robots store (docs/robot-files.md "Pictures"), per robot type.
    const productPictures = new PictureFolder(`screenshots/product/${plan.slug}`);
    const brandPictures = new PictureFolder(`screenshots/brand/${plan.slug}`);
    const homePictures = new PictureFolder(`screenshots/homepage/${plan.slug}`);
    // Period 1 rows: Maison Aurelle styles, some Castellane Paris (when carried), a few other labels.
    let rows: Row[] = [];
    for (let i = 0; i < plan.products; i++) {
      const pick = rnd();
      const brand = pick < 0.82 ? 'Maison Aurelle' : pick < 0.94 && plan.carriesCastellane ? 'Castellane Paris' : 'Atelier Nord';
      const list = brand === 'Castellane Paris' ? castellane : aurelle;
      const item = list[Math.floor(rnd() * list.length)]!;
      // Every 6th Maison Aurelle product is mapped by the robot to its inventory id (ALL SCRAPED: Mapped / NOT Mapped);
      // decided by position, not by the PRNG, so every other figure of the demo stays as it was.
      const ohMapId = brand === 'Maison Aurelle' && i % 6 === 0 ? item.brandSku : '';
      rows.push({ style: `${plan.prefix}-${10000 + i}`, item, brand, price: item.price, name: item.name, shoppability: rnd() < 0.9 ? 'In stock' : 'Low stock', ohMapId });
    }
    let nextStyle = 10000 + plan.products;
    // A product page looks the same from scan to scan until its name, price or stock changes: drawn once per look.
    const pageShots = new Map<string, string>();
    const pageShot = (r: Row) => {
      const look = `${r.style}|${r.name}|${r.price}|${r.shoppability}|${r.brand}`;
      let body = pageShots.get(look);
      if (body === undefined) pageShots.set(look, (body = productPageShot(plan.slug, plan.name, shotItem(r.item, { name: r.name, brand: r.brand, price: r.price, shoppability: r.shoppability }))));
      return body;
    };
    const productRows = (date: string, list: Row[]) =>
      list.map((r) => [
        r.style,
        r.name,
        r.brand,
        r.brand === 'Atelier Nord' ? '' : r.item.brandSku,
        money(r.price),
        r.item.description,
        productPictures.store(date, packshotOf(r.item).name, packshotOf(r.item).body),
        `https://www.${host}/${r.item.category.label}/${r.style.toLowerCase()}`,
        productPictures.store(date, r.style, pageShot(r)),
        r.shoppability,
        r.ohMapId,
      ]);
    /** A normal week: ~1.5 % repriced, ~0.5 % renamed, ~1 % gone, ~1 % new. */
    const normalWeek = (priceShare = 0.015) => {
      rows = rows.filter(() => rnd() > 0.01);
      for (const r of rows) {
        if (rnd() < priceShare) r.price = Math.round((r.price * (rnd() < 0.5 ? 0.9 : 1.08)) / 10) * 10;
        if (rnd() < 0.005) r.name = `${r.name} (New Season)`;
      }
      const adds = Math.max(1, Math.round(rows.length * 0.01));
      for (let i = 0; i < adds; i++) {
        const item = aurelle[Math.floor(rnd() * aurelle.length)]!;
        rows.push({ style: `${plan.prefix}-${nextStyle++}`, item, brand: 'Maison Aurelle', price: item.price, name: item.name, shoppability: 'In stock', ohMapId: '' });
      }
    };

    DEMO_PERIODS.forEach((date, p) => {
      const last = p === DEMO_PERIODS.length - 1;
      if (plan.hasProducts) {
        if (p > 0) normalWeek(last && plan.slug === 'lumiere-boutique' ? 0.08 : 0.015);
        // A broken robot at Harrowgate & Finch: half the catalogue missing from the latest file.
        let body = csv(PRODUCT_HEADER, productRows(date, last && plan.slug === 'harrowgate-finch' ? rows.filter((_, i) => i % 2 === 0) : rows));
        if (last && plan.slug === 'orchard-row') {
          // A malformed file: a row with too few cells.
          const lines = body.split('\n');
          lines.splice(4, 0, `${plan.prefix}-BROKEN,"Unclosed quote row,Maison Aurelle`);
          body = lines.join('\n');
        }
        // A robot that stopped (robot health, issue 25): Saint-Clair Jewelers' product robot dropped nothing after the third scan.
        if (last && plan.slug === 'saint-clair-jewelers') productPictures.take();
        else files.push({ key: `incoming/product/${plan.slug}/${date}/product-robot.csv`, body, pictures: productPictures.take() });
      }
      // Brand landing page: the logo, hero image and a screenshot of the page, as this retailer shows them.
      const brandPage = (brand: BrandSlug, season: Season, description: string) => {
        const shown = (brand === 'castellane-paris' ? castellane : aurelle).slice(0, 4).map((item) => shotItem(item, { name: item.name, brand: brand === 'castellane-paris' ? 'Castellane Paris' : 'Maison Aurelle', price: item.price, shoppability: 'In stock' }));
        return [
          brandPictures.store(date, `${brand}-logo`, brandLogo(brand)),
          brandPictures.store(date, `${brand}-hero-${season}`, heroImage(brand, season)),
          brandPictures.store(date, `${brand}-page`, brandPageShot(plan.slug, plan.name, brand, season, description, shown)),
        ];
      };
      const aurelleText = p === 3 && plan.slug === 'northbay-luxury' ? 'Maison Aurelle: Parisian leather goods since 1921. New: the Rivoli collection.' : 'Maison Aurelle: Parisian leather goods since 1921.';
      const brandRows = [
        ['maison-aurelle', 'Maison Aurelle', aurelleText, ...brandPage('maison-aurelle', p >= 2 && plan.slug === 'northbay-luxury' ? 'winter' : 'fall', aurelleText), `https://www.${host}`, `https://www.${host}/brands/maison-aurelle`, plan.slug === 'vellani-fine-goods' ? 'No' : 'Yes'],
        ...(plan.carriesCastellane ? [['castellane-paris', 'Castellane Paris', 'Castellane Paris jewelry and scarves.', ...brandPage('castellane-paris', 'fall', 'Castellane Paris jewelry and scarves.'), `https://www.${host}`, `https://www.${host}/brands/castellane-paris`, 'Yes']] : []),
      ];
      files.push({
        key: `incoming/brand/${plan.slug}/${date}/brand-robot.csv`,
        body: csv(['Brand ID', 'Brand Name', 'Description', 'Logo', 'Hero Image', 'Screenshot', 'Site Link', 'Brand Link', 'Featured In Menu'], brandRows),
        pictures: brandPictures.take(),
      });
      // Homepage menu.
      const menus = ['New Arrivals', 'Women', 'Men', 'Bags', 'Jewelry', 'Shoes', 'Gifts', 'Designers'];
      const shake = last && plan.slug === 'saint-clair-jewelers';
      files.push({
        key: `incoming/homepage/${plan.slug}/${date}/homepage-robot.csv`,
        body: csv(
          ['Primary Menu', 'Sub Menu', 'Brand Featured', 'Menu URL', 'Screenshot'],
          menus.map((m, i) => {
            const sub = shake && i % 2 === 0 ? 'Holiday Edit|Gift Guide' : `${m} Edit|Bestsellers`;
            const featured = m === 'Designers' || (m === 'Bags' && plan.slug !== 'vellani-fine-goods') ? 'Maison Aurelle' : shake && i % 2 === 0 ? 'Atelier Nord' : '';
            // A screenshot of the homepage with this menu open.
            return [m, sub, featured, `https://www.${host}/${m.toLowerCase().replace(/\s+/g, '-')}`, homePictures.store(date, `menu-${m}`, homepageShot(plan.slug, plan.name, i, sub.split('|'), featured))];
          }),
        ),
        pictures: homePictures.take(),
      });
    });

    // On-hand inventory of Maison Aurelle at this retailer: most carried styles, some not scraped.
    const carried = rows.filter((r) => r.brand === 'Maison Aurelle');
    if (plan.slug === 'northbay-luxury') northbayItems = [...new Set(carried.map((r) => r.item))];
    carried.forEach((r, i) => {
      if (rnd() > 0.6) return;
      const ohPrice = rnd() < 0.8 ? r.price : Math.round((r.price * 1.1) / 10) * 10;
      ohRows.push([`SN${plan.optId.slice(3)}${String(i).padStart(5, '0')}`, r.item.brandSku, r.item.name, money(ohPrice), plan.optId, plan.name, ohImage(r.item)]);
    });
    const extra = Math.max(5, Math.round(carried.length * 0.15));
    for (let i = 0; i < extra; i++) {
      const item = aurelle[Math.floor(rnd() * aurelle.length)]!;
      ohRows.push([`SN${plan.optId.slice(3)}9${String(i).padStart(4, '0')}`, `${item.brandSku}-OH`, item.name, money(item.price), plan.optId, plan.name, ohImage(item)]);
    }
  }
  const ohFeed: DemoFile = {
    key: `incoming/oh/maison-aurelle/${ohDate}/on-hand.csv`,
    body: csv(['Serial Number', 'Inventory ID', 'Style Name', 'Price', 'Customer ID', 'Customer Name', 'Image'], ohRows),
    pictures: ohPictures.take(),
  };
  const { catalogue, planted } = demoCatalogue(aurelle, northbayItems, calendar.periods.at(-1)!, o.flaggedSkus ?? new Set());
  return { files, ohFeed, catalogue, planted };
}

/** The Brand SKUs of the products whose catalogue entry differs on purpose from what Northbay Luxury shows (issue 38's demo). */
export interface PlantedFindings {
  retired: string;
  notInCatalog: string;
  foreignPicture: string;
  oldPicture: string;
  renamed: string;
  underMsrp: string;
}

/**
 * Maison Aurelle's catalogue (golden record, issue 38): every style with its official packshot
 * and its MSRP in the US (the retailers' prices) and in France; six styles Northbay Luxury shows
 * differ on purpose, so its Suggestions have one of each: a style the brand retired, one missing
 * from the catalogue (possible grey market), one whose official picture is another (the retailer's
 * is foreign), one whose packshot the brand replaced (the retailer's is old), one the brand
 * renamed, one whose MSRP is above the retailer's price. The other retailers' repriced styles
 * show against the MSRP as they are.
 */
function demoCatalogue(aurelle: CatalogItem[], shown: CatalogItem[], date: string, flaggedSkus: ReadonlySet<string>): { catalogue: DemoFile; planted: PlantedFindings } {
  const pictures = new PictureFolder('screenshots/catalog/maison-aurelle');
  const official = (item: CatalogItem) => pictures.store(date, packshotOf(item).name, packshotOf(item).body);
  // Six distinct styles of Northbay's scan, each of a look no other of the six shares.
  const picks: CatalogItem[] = [];
  for (const item of shown) if (!picks.some((p) => packshotOf(p).name === packshotOf(item).name)) picks.push(item);
  // The style under its MSRP is one the brand already flagged at Northbay (the dashboard's flags), when there is one: its suggestion counts as flagged.
  const flagged = shown.find((x) => flaggedSkus.has(x.brandSku) && !picks.slice(0, 5).includes(x));
  if (flagged) picks.splice(5, 0, flagged);
  const [retired, missing, foreign, old, renamed, under] = picks as [CatalogItem, CatalogItem, CatalogItem, CatalogItem, CatalogItem, CatalogItem];
  // Another category's look: the foreign style's official picture, and the replaced packshot's new one.
  const otherLook = (item: CatalogItem) => aurelle.find((x) => x.category.code !== item.category.code && packshotOf(x).name !== packshotOf(item).name)!;
  const header = ['Brand SKU', 'Name', 'Description', 'Category', 'Collection', 'Status', 'Images', 'Retired Images', 'MSRP US USD', 'MSRP FR EUR'];
  const rows = aurelle
    .filter((item) => item !== missing)
    .map((item) => {
      const images = item === foreign || item === old ? official(otherLook(item)) : official(item);
      const price = item === under ? Math.round((item.price * 1.25) / 10) * 10 : item.price;
      return [
        item.brandSku,
        item === renamed ? `${item.name.replace(/^Aurelle /, 'Aurelle 1921 ')}` : item.name,
        item.description,
        item.category.label.replace(/-/g, ' '),
        item === retired ? 'FW23' : 'FW26',
        item === retired ? 'retired' : 'active',
        images,
        item === old ? official(item) : '',
        String(price),
        String(Math.round((price * 0.95) / 10) * 10),
      ];
    });
  return {
    catalogue: { key: `incoming/catalog/maison-aurelle/${date}/golden-record.csv`, body: csv(header, rows), pictures: pictures.take() },
    planted: { retired: retired.brandSku, notInCatalog: missing.brandSku, foreignPicture: foreign.brandSku, oldPicture: old.brandSku, renamed: renamed.brandSku, underMsrp: under.brandSku },
  };
}
