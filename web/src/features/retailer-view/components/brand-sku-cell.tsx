/**
 * The Brand SKU of a product row (000 §5, §7) and its Edit, which opens the Brand SKU edit
 * (brand-sku-form.tsx, loaded on first use: the searchable select's library is needed by no
 * other part of the retailer view, nor by the B2B portal that shows the same tables read-only).
 */
import { lazy, Suspense, useState } from 'react';

const BrandSkuForm = lazy(() => import('./brand-sku-form').then((m) => ({ default: m.BrandSkuForm })));

export function BrandSkuCell({ productId, brandId, value, optionId, disabled }: { productId: string; brandId: string | undefined; value: string; optionId?: string; disabled?: boolean }) {
  const [editing, setEditing] = useState(false);
  if (disabled || !editing) {
    return (
      <span className="brand-sku">
        <span className="brand-sku__value">{value || 'N/A'}</span>
        {disabled ? null : (
          <button type="button" className="brand-sku__edit link" onClick={() => setEditing(true)} aria-label={`Edit brand sku ${value}`.trim()}>
            Edit
          </button>
        )}
      </span>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="brand-sku-form__loading" role="status">
          Loading brand skus…
        </p>
      }
    >
      <BrandSkuForm productId={productId} brandId={brandId} value={value} optionId={optionId} onDone={() => setEditing(false)} />
    </Suspense>
  );
}

