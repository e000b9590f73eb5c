/**
 * The columns of the product tables (000 §2 "Product tables", 001 §2 "Tabs") by tab kind: a
 * product row's flag, image, name (with its map id), price, Retailer Sku, Brand SKU and Details,
 * plus the kind's own (price differences, flag reason, what changed); on-hand rows' Serial #,
 * Inventory ID, Description and Price. Read-only (the B2B portal): no edit controls.
 */
import { Link } from 'react-router-dom';
import type { OhRow, PricedProductRow, ProductRow, ProductScrapeRow } from '@shared/schemas/scrapings';
import { firstImage } from '../../../components/ui/picture';
import type { Column } from '../../../components/ui/table';
import { Thumb } from '../../../components/ui/thumb';
import { paths } from '../../../config/paths';
import { formatCurrency } from '../../../lib/format';
import type { TabKind } from '../product-tabs';
import { BrandSkuCell } from './brand-sku-cell';
import { FlagControl } from './flag-control';
import { MapIdCell } from './map-id-cell';
import { ChangedFrom, ChangeType, FlaggedPrice, FlagReason, flagMessageOf, flagReasonsText } from './product-cells';

export const isOhRow = (r: ProductRow): r is OhRow => !('style_number' in r);
const isPriced = (r: ProductRow): r is PricedProductRow => 'oh_price' in r;
export const removed = (r: ProductScrapeRow) => r.type === 'deleted';

interface Ctx {
  retailerId: string;
  brandId: string | undefined;
  readOnly: boolean;
}

/** Read-only (the B2B portal): no flag, map id, Brand SKU edit or Details link. */
export function productColumns(kind: Exclude<TabKind, 'oh'>, ctx: Ctx): Column<ProductScrapeRow>[] {
  const all = editableProductColumns(kind, ctx);
  if (!ctx.readOnly) return all;
  return all
    .filter((c) => c.key !== 'flag' && c.key !== 'details')
    .map((c) =>
      c.key === 'name'
        ? { ...c, cell: (r: ProductScrapeRow) => r.name || 'N/A' }
        : c.key === 'brand_sku'
          ? { ...c, cell: (r: ProductScrapeRow) => r.brand_sku || 'N/A' }
          : c,
    );
}

function editableProductColumns(kind: Exclude<TabKind, 'oh'>, ctx: Ctx): Column<ProductScrapeRow>[] {
  const flag: Column<ProductScrapeRow> = { key: 'flag', header: 'Flag', cell: (r) => (removed(r) ? null : <FlagControl target="product" id={r._id} flagged={r.isFlagged === 'yes'} subject={r.name || r.style_number} contact={{ retailerId: ctx.retailerId, retailerBrandScraping: r.retailer_brand_scraping }} />), className: 'col-flag' };
  const image: Column<ProductScrapeRow> = { key: 'image', header: 'Product Image', cell: (r) => <Thumb src={firstImage(r.image, r.imageUrl)} alt={`Image of ${r.name}`} title={r.name} />, className: 'col-image' };
  const name: Column<ProductScrapeRow> = {
    key: 'name',
    header: kind === 'changes' || kind === 'flagged' ? 'Name (Current)' : 'Name',
    sortable: true,
    cell: (r) => (
      <div className="product-name">
        {kind === 'changes' && !removed(r) ? (
          // The last-scan table has no Details column (000 §2): its names open the product (a removed product's row is disabled, as its Details elsewhere).
          <Link className="link product-name__text" to={paths.dashboard.product(ctx.retailerId, r._id)}>
            {r.name || 'N/A'}
          </Link>
        ) : (
          <span className="product-name__text">{r.name || 'N/A'}</span>
        )}
        <MapIdCell key={`${r._id}:${r.oh_map_id}`} productId={r._id} value={r.oh_map_id} disabled={removed(r)} />
      </div>
    ),
  };
  const price: Column<ProductScrapeRow> = kind === 'flagged' ? { key: 'price', header: 'Price', sortable: true, cell: (r) => <FlaggedPrice price={r.price} flag={r.flagMessage} /> } : { key: 'price', header: 'Price', sortable: true, cell: (r) => formatCurrency(r.price) };
  const retailerSku: Column<ProductScrapeRow> = { key: 'style_number', header: 'Retailer Sku', sortable: true, cell: (r) => r.style_number || 'N/A' };
  const brandSku: Column<ProductScrapeRow> = {
    key: 'brand_sku',
    header: 'Brand Sku',
    cell: (r) => <BrandSkuCell key={`${r._id}:${r.brand_sku}`} productId={r._id} brandId={ctx.brandId} value={r.brand_sku} optionId={r.product?._id} disabled={removed(r)} />,
  };
  const details: Column<ProductScrapeRow> = {
    key: 'details',
    header: 'Details',
    cell: (r) =>
      removed(r) ? (
        <span className="muted">N/A</span>
      ) : (
        <Link className="link" to={paths.dashboard.product(ctx.retailerId, r._id)} aria-label={`Details of ${r.name}`}>
          Details
        </Link>
      ),
  };
  switch (kind) {
    case 'price':
      return [
        flag,
        image,
        name,
        price,
        retailerSku,
        brandSku,
        details,
        { key: 'oh_price', header: 'OH Price', cell: (r) => formatCurrency(isPriced(r) ? r.oh_price : null) },
        { key: 'sd_price', header: 'SD Price', cell: (r) => formatCurrency(r.price) },
        { key: 'price_diff', header: 'Price Diff', cell: (r) => <span className="price-diff">{formatCurrency(isPriced(r) ? r.priceDiff : null)}</span> },
      ];
    case 'flagged':
      return [flag, image, name, price, retailerSku, brandSku, { key: 'reason', header: 'Flag Reason/Comment', cell: (r) => <FlagReason value={r.flagMessage} /> }];
    case 'changes':
      return [
        flag,
        image,
        name,
        price,
        retailerSku,
        brandSku,
        { key: 'since', header: 'Since last scan', cell: (r) => <ChangeType type={r.type} /> },
        { key: 'flagged_reason', header: 'Flagged reason', cell: (r) => flagReasonsText(flagMessageOf(r.flagMessage)).join(', ') || <span className="muted">N/A</span> },
        { key: 'changed_from', header: 'Changed From', cell: (r) => (r.type === 'change' ? <ChangedFrom change={r.change} /> : <span className="muted">N/A</span>) },
      ];
    default:
      return [flag, image, name, price, retailerSku, brandSku, details];
  }
}

export const OH_COLUMNS: Column<OhRow>[] = [
  { key: 'flag', header: 'Flag', cell: () => null, className: 'col-flag' },
  { key: 'image', header: 'Product Image', cell: (r) => <Thumb src={firstImage(r.image)} alt={`Image of ${r.styleName || r.serialNo}`} title={r.styleName || r.serialNo} />, className: 'col-image' },
  { key: 'style_number', header: 'Serial #', sortable: true, cell: (r) => r.serialNo },
  { key: 'inventory', header: 'Inventory ID', cell: (r) => r.inventoryId || 'N/A' },
  { key: 'name', header: 'Description', sortable: true, cell: (r) => r.description || 'N/A' },
  { key: 'price', header: 'Price', sortable: true, cell: (r) => formatCurrency(r.price) },
];
