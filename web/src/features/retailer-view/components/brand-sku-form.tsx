/**
 * The Brand SKU edit of a product row (000 §5, §7), opened by the row's Edit: a searchable select
 * (the UI kit's Combobox: type to filter, keyboard, screen reader) of the brand's SKU options
 * (GET /getBrandSkus/{brandId}, 2,500+ for a real catalogue) and Other, which reveals a free-text
 * field. Nothing chosen, or Other left empty: 'Please select brand sku.'. Save sends `{ product }`
 * for an option and `{ brand_sku }` for Other; the toast is the server's ('Brand Sku updated
 * successfully.'). Its own chunk (with downshift), loaded when an edit opens.
 */
import { useId, useState } from 'react';
import type { BrandSkuOption } from '@shared/schemas/scrapings';
import { Button } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useBrandSkus } from '../api/get-brand-skus';
import { useUpdateProduct } from '../api/update-product';
import { RV_MSG } from '../messages';

/** The choice that reveals the free-text field. */
const OTHER: BrandSkuOption = { _id: '__other__', sku: 'Other' };
const PINNED = [OTHER];
/** The options could not be read: Other is still offered. */
const NO_OPTIONS: BrandSkuOption[] = [];
const skuOf = (o: BrandSkuOption) => o.sku;
const idOf = (o: BrandSkuOption) => o._id;

export interface BrandSkuFormProps {
  productId: string;
  brandId: string | undefined;
  value: string;
  optionId?: string;
  onDone: () => void;
}

export function BrandSkuForm({ productId, brandId, value, optionId, onDone }: BrandSkuFormProps) {
  const id = useId();
  const { data: options, isLoading } = useBrandSkus(brandId);
  // The product's option, once the options are there (its id names it).
  const [picked, setPicked] = useState<BrandSkuOption | null | undefined>(undefined);
  const current = options && optionId ? (options.find((o) => o._id === optionId) ?? null) : null;
  const choice = picked === undefined ? current : picked;
  const [other, setOther] = useState(optionId ? '' : value);
  const [error, setError] = useState('');
  const { trigger, isMutating } = useUpdateProduct();

  const submit = async () => {
    const option = choice && choice !== OTHER ? choice : undefined;
    const free = other.trim();
    if (!option && !(choice === OTHER && free)) {
      setError(RV_MSG.selectBrandSku);
      return;
    }
    setError('');
    try {
      const out = await trigger({ id: productId, body: option ? { product: { _id: option._id, sku: option.sku } } : { brand_sku: free } });
      notify.success(out.message);
      onDone();
    } catch (e) {
      handleError(e);
    }
  };

  return (
    <form
      className="brand-sku-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {isLoading && !options ? (
        <p className="brand-sku-form__loading" role="status">
          Loading brand skus…
        </p>
      ) : (
        <Combobox
          label="Brand sku"
          labelHidden
          className="field combobox brand-sku-form__select"
          options={options ?? NO_OPTIONS}
          pinned={PINNED}
          optionKey={idOf}
          optionLabel={skuOf}
          selected={choice}
          onSelect={(o) => {
            setPicked(o);
            setError('');
          }}
          placeholder="Type to search brand skus"
          invalid={!!error}
          describedBy={error ? `${id}-error` : undefined}
          autoFocus
        />
      )}
      {choice === OTHER ? (
        <>
          <label className="sr-only" htmlFor={`${id}-other`}>
            Other brand sku
          </label>
          <input id={`${id}-other`} className="field__input brand-sku-form__other" value={other} maxLength={100} placeholder="Enter brand sku" autoFocus onChange={(e) => setOther(e.target.value)} />
        </>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="brand-sku-form__actions">
        <Button type="submit" size="sm" busy={isMutating}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
