/**
 * The Brand SKU of a product row and its edit (000 §5, §7): a select of the brand's SKU options
 * (GET /getBrandSkus/{brandId}) and Other, which reveals a free-text field. Nothing chosen, or
 * Other left empty: 'Please select brand sku.'. Save sends `{ product }` for an option and
 * `{ brand_sku }` for Other; the toast is the server's ('Brand Sku updated successfully.').
 */
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useBrandSkus } from '../api/get-brand-skus';
import { useUpdateProduct } from '../api/update-product';
import { RV_MSG } from '../messages';

const OTHER = '__other__';

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
  return <BrandSkuForm productId={productId} brandId={brandId} value={value} optionId={optionId} onDone={() => setEditing(false)} />;
}

function BrandSkuForm({ productId, brandId, value, optionId, onDone }: { productId: string; brandId: string | undefined; value: string; optionId?: string; onDone: () => void }) {
  const id = useId();
  const { data: options, isLoading } = useBrandSkus(brandId);
  const [choice, setChoice] = useState(optionId ?? '');
  const [other, setOther] = useState(optionId ? '' : value);
  const [error, setError] = useState('');
  const { trigger, isMutating } = useUpdateProduct();

  const submit = async () => {
    const option = options?.find((o) => o._id === choice);
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
      <label className="sr-only" htmlFor={`${id}-select`}>
        Brand sku
      </label>
      <select
        id={`${id}-select`}
        className="field__input brand-sku-form__select"
        value={choice}
        disabled={isLoading}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setChoice(e.target.value);
          setError('');
        }}
      >
        <option value="">{isLoading ? 'Loading…' : 'Select brand sku'}</option>
        {(options ?? []).map((o) => (
          <option key={o._id} value={o._id}>
            {o.sku}
          </option>
        ))}
        <option value={OTHER}>Other</option>
      </select>
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
