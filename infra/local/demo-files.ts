/**
 * Demo robot files and an on-hand feed, generated deterministically (seeded PRNG): three weekly
 * scan periods per retailer with real changes between them, and a fourth, latest period whose
 * files land in every flag state. `scale` shrinks the catalogues (the test suite uses a small one).
 */
import { SEED_RETAILERS } from './seed';
import { prng } from './prng';

export interface DemoFile {
  key: string;
  body: string;
}

export const DEMO_PERIODS = ['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16'] as const;


const CATEGORIES = [
  { code: 'BAG', label: 'bags', names: ['Saddle Bag', 'Quai Tote', 'Rivoli Clutch', 'Bucket Bag', 'Camera Bag', 'Hobo Bag', 'Top Handle', 'Belt Bag'], min: 690, max: 4200 },
  { code: 'SLG', label: 'small-leather-goods', names: ['Card Holder', 'Zip Wallet', 'Chain Wallet', 'Key Pouch', 'Passport Cover', 'Coin Purse'], min: 190, max: 890 },
  { code: 'SHO', label: 'shoes', names: ['Ballet Flat', 'Slingback Pump', 'Loafer', 'Ankle Boot', 'Mule', 'Sneaker'], min: 450, max: 1450 },
  { code: 'JWL', label: 'jewelry', names: ['Chain Necklace', 'Hoop Earrings', 'Signet Ring', 'Cuff Bracelet', 'Pendant', 'Brooch'], min: 290, max: 6800 },
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
    });
  }
  return out;
}

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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

export function demoFiles(scale = 1): { files: DemoFile[]; ohFeed: DemoFile } {
  const aurelle = catalog(Math.max(200, Math.round(3000 * scale)), 'MA', 'Maison Aurelle', 11);
  const castellane = catalog(Math.max(60, Math.round(600 * scale)), 'CP', 'Castellane Paris', 23);
  const files: DemoFile[] = [];
  const ohRows: string[][] = [];

  for (const [ri, plan] of retailerPlans(scale).entries()) {
    const rnd = prng(1000 + ri);
    const host = `${plan.slug}.example`;
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
    const productRows = (date: string) =>
      rows.map((r) => [
        r.style,
        r.name,
        r.brand,
        r.brand === 'Atelier Nord' ? '' : r.item.brandSku,
        money(r.price),
        r.item.description,
        `https://cdn.${host}/p/${r.style}/1.jpg|https://cdn.${host}/p/${r.style}/2.jpg`,
        `https://www.${host}/${r.item.category.label}/${r.style.toLowerCase()}`,
        `https://shots.${host}/${date}/${r.style}.png`,
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
        let body = csv(PRODUCT_HEADER, productRows(date));
        if (last && plan.slug === 'harrowgate-finch') {
          // A broken robot: half the catalogue missing.
          body = csv(PRODUCT_HEADER, productRows(date).filter((_, i) => i % 2 === 0));
        }
        if (last && plan.slug === 'orchard-row') {
          // A malformed file: a row with too few cells.
          const lines = body.split('\n');
          lines.splice(4, 0, `${plan.prefix}-BROKEN,"Unclosed quote row,Maison Aurelle`);
          body = lines.join('\n');
        }
        files.push({ key: `incoming/product/${plan.slug}/${date}/product-robot.csv`, body });
      }
      // Brand landing page.
      const brandRows = [
        ['maison-aurelle', 'Maison Aurelle', p === 3 && plan.slug === 'northbay-luxury' ? 'Maison Aurelle: Parisian leather goods since 1921. New: the Rivoli collection.' : 'Maison Aurelle: Parisian leather goods since 1921.', `https://cdn.${host}/brands/maison-aurelle/logo.png`, `https://cdn.${host}/brands/maison-aurelle/hero-${p >= 2 && plan.slug === 'northbay-luxury' ? 'winter' : 'fall'}.jpg`, `https://shots.${host}/${date}/brand-maison-aurelle.png`, `https://www.${host}`, `https://www.${host}/brands/maison-aurelle`, plan.slug === 'vellani-fine-goods' ? 'No' : 'Yes'],
        ...(plan.carriesCastellane ? [['castellane-paris', 'Castellane Paris', 'Castellane Paris jewelry and scarves.', `https://cdn.${host}/brands/castellane/logo.png`, `https://cdn.${host}/brands/castellane/hero.jpg`, `https://shots.${host}/${date}/brand-castellane.png`, `https://www.${host}`, `https://www.${host}/brands/castellane-paris`, 'Yes']] : []),
      ];
      files.push({
        key: `incoming/brand/${plan.slug}/${date}/brand-robot.csv`,
        body: csv(['Brand ID', 'Brand Name', 'Description', 'Logo', 'Hero Image', 'Screenshot', 'Site Link', 'Brand Link', 'Featured In Menu'], brandRows),
      });
      // Homepage menu.
      const menus = ['New Arrivals', 'Women', 'Men', 'Bags', 'Jewelry', 'Shoes', 'Gifts', 'Designers'];
      const shake = last && plan.slug === 'saint-clair-jewelers';
      files.push({
        key: `incoming/homepage/${plan.slug}/${date}/homepage-robot.csv`,
        body: csv(
          ['Primary Menu', 'Sub Menu', 'Brand Featured', 'Menu URL', 'Screenshot'],
          menus.map((m, i) => [
            m,
            shake && i % 2 === 0 ? 'Holiday Edit|Gift Guide' : `${m} Edit|Bestsellers`,
            m === 'Designers' || (m === 'Bags' && plan.slug !== 'vellani-fine-goods') ? 'Maison Aurelle' : shake && i % 2 === 0 ? 'Atelier Nord' : '',
            `https://www.${host}/${m.toLowerCase().replace(/\s+/g, '-')}`,
            `https://shots.${host}/${date}/menu-${i}.png`,
          ]),
        ),
      });
    });

    // On-hand inventory of Maison Aurelle at this retailer: most carried styles, some not scraped.
    const carried = rows.filter((r) => r.brand === 'Maison Aurelle');
    carried.forEach((r, i) => {
      if (rnd() > 0.6) return;
      const ohPrice = rnd() < 0.8 ? r.price : Math.round((r.price * 1.1) / 10) * 10;
      ohRows.push([`SN${plan.optId.slice(3)}${String(i).padStart(5, '0')}`, r.item.brandSku, r.item.name, money(ohPrice), plan.optId, plan.name, `https://cdn.maison-aurelle.example/items/${r.item.brandSku}.jpg`]);
    });
    const extra = Math.max(5, Math.round(carried.length * 0.15));
    for (let i = 0; i < extra; i++) {
      const item = aurelle[Math.floor(rnd() * aurelle.length)]!;
      ohRows.push([`SN${plan.optId.slice(3)}9${String(i).padStart(4, '0')}`, `${item.brandSku}-OH`, item.name, money(item.price), plan.optId, plan.name, `https://cdn.maison-aurelle.example/items/${item.brandSku}.jpg`]);
    }
  }
  const ohFeed = {
    key: `incoming/oh/maison-aurelle/${DEMO_PERIODS[2]}/on-hand.csv`,
    body: csv(['Serial Number', 'Inventory ID', 'Style Name', 'Price', 'Customer ID', 'Customer Name', 'Image'], ohRows),
  };
  return { files, ohFeed };
}
