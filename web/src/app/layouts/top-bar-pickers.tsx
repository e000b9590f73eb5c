/**
 * The top bar's dropdowns (000 §2): 'Select a Retailer' opens the retailer page; 'Select Period',
 * only on View By Product, opens that retailer's period. Both read their value from the path, so
 * the retailer and the month reset as soon as the path leaves /retailer (000 §4).
 */
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { useBrandRetailers } from '../../features/retailers/api/get-brand-retailers';
import { useRetailerPeriodOptions } from '../../features/retailers/api/get-retailer-period-options';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format';
import { Select } from '../../components/ui/select';

/** A product id starts with the id of its period (22 characters; docs/data-model-scrapings.md). */
const PERIOD_ID_LENGTH = 22;

export function retailerOfPath(pathname: string): string | undefined {
  return matchPath('/dashboard/retailer/:rId/*', pathname)?.params.rId ?? undefined;
}

export function productOfPath(pathname: string): string | undefined {
  return (matchPath('/dashboard/retailer/:rId/product/:pId', pathname) ?? matchPath('/dashboard/retailer/:rId/product/:pId/sku/:brandSku', pathname))?.params.pId ?? undefined;
}

function PeriodPicker({ brandId, retailerId, productId }: { brandId: string; retailerId: string; productId: string }) {
  const navigate = useNavigate();
  const periods = useRetailerPeriodOptions(brandId, retailerId);
  const options = periods.data?.data ?? [];
  const current = productId.slice(0, PERIOD_ID_LENGTH);
  const value = options.some((o) => o._id === current) ? current : '';
  return (
    <Select label="Select Period" labelHidden value={value} onChange={(v) => v && navigate(paths.dashboard.retailerPeriod(retailerId, v))} className="topbar__picker" inputClassName="topbar__select">
      <option value="">Select Period</option>
      {options.map((o) => (
        <option key={o._id} value={o._id}>
          {formatDate(o.value, 'MMMM DD, YYYY')}
        </option>
      ))}
    </Select>
  );
}

export function TopBarPickers({ brandId }: { brandId: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const retailers = useBrandRetailers(brandId);
  const retailerId = retailerOfPath(pathname);
  const productId = productOfPath(pathname);
  const options = retailers.data?.data ?? [];
  const value = retailerId && options.some((r) => r._id === retailerId) ? retailerId : '';
  return (
    <div className="topbar__pickers">
      <Select label="Select a Retailer" labelHidden value={value} onChange={(v) => v && navigate(paths.dashboard.retailer(v))} className="topbar__picker" inputClassName="topbar__select">
        <option value="">Select a Retailer</option>
        {options.map((r) => (
          <option key={r._id} value={r._id}>
            {r.name}
          </option>
        ))}
      </Select>
      {retailerId && productId ? <PeriodPicker brandId={brandId} retailerId={retailerId} productId={productId} /> : null}
    </div>
  );
}
