/**
 * Product History (001 §2): the product in every scan period, newest first: Product Image, Name,
 * Price, Retailer Sku, Brand Sku, Period (MM/DD/YYYY), Details. A row click replaces the route
 * with that period's product.
 */
import { Link, useNavigate } from 'react-router-dom';
import { Table, type Column } from '../../../components/ui/table';
import { paths } from '../../../config/paths';
import { formatCurrency, formatDate } from '../../../lib/format';
import { useRelatedProducts } from '../api/get-related-products';
import { RV_MSG } from '../messages';
import { firstImage, Picture } from '../../../components/ui/picture';

export function ProductHistory({ productId, brandId, retailerId }: { productId: string; brandId: string | undefined; retailerId: string }) {
  const navigate = useNavigate();
  const { data } = useRelatedProducts(productId, brandId, retailerId);
  type Row = NonNullable<typeof data>['data'][number];
  const columns: Column<Row>[] = [
    {
      key: 'image',
      header: 'Product Image',
      // Not a thumb that opens the modal: a click on the row opens that period's product.
      cell: (r) => <Picture className="thumb" src={firstImage(r.image, r.imageUrl)} alt={`Image of ${r.name}`} />,
      className: 'col-image',
    },
    { key: 'name', header: 'Name', cell: (r) => r.name || 'N/A' },
    { key: 'price', header: 'Price', cell: (r) => formatCurrency(r.price) },
    { key: 'style_number', header: 'Retailer Sku', cell: (r) => r.style_number || 'N/A' },
    { key: 'brand_sku', header: 'Brand Sku', cell: (r) => r.brand_sku || 'N/A' },
    { key: 'period', header: 'Period', cell: (r) => formatDate(r.period) },
    {
      key: 'details',
      header: 'Details',
      cell: (r) => (
        <Link className="link" to={paths.dashboard.product(retailerId, r._id)} replace onClick={(e) => e.stopPropagation()} aria-label={`Details of ${formatDate(r.period)}`}>
          Details
        </Link>
      ),
    },
  ];
  return (
    <section className="pp-history" aria-labelledby="pp-history-title">
      <h3 id="pp-history-title" className="pp-section__title">
        Product History
      </h3>
      <Table
        caption="Product History"
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(r) => r._id}
        rowClassName="history-row"
        rowState={(r) => (r._id === productId ? 'current' : undefined)}
        rowProps={(r) => ({ 'data-product-id': r._id, 'aria-current': r._id === productId ? 'true' : undefined })}
        onRowClick={(r) => navigate(paths.dashboard.product(retailerId, r._id), { replace: true })}
        empty={data ? <p className="products-empty">{RV_MSG.noProducts}</p> : undefined}
        className="table products-table"
      />
    </section>
  );
}
