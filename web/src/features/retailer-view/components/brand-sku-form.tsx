/**
 * The Brand SKU edit of a product row (000 §5, §7), opened by the row's Edit: a searchable select
 * (the UI kit's Combobox: type to filter, keyboard, screen reader) of the brand's SKU options
 * (GET /getBrandSkus/{brandId}, 2,500+ for a real catalogue) and Other, which reveals a free-text
 * field. Nothing chosen, or Other left empty: 'Please select brand sku.'. Save sends `{ product }`
 * for an option and `{ brand_sku }` for Other; the toast is the server's ('Brand Sku updated
 * successfully.'). Its own chunk (with downshift), loaded when an edit opens.
 */
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { BRAND_SKU_OTHER, brandSkuForm, type BrandSkuOption } from '@shared/schemas/scrapings';
import { Button } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useBrandSkus } from '../api/get-brand-skus';
import { useUpdateProduct } from '../api/update-product';

const PINNED = [BRAND_SKU_OTHER];
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

export function BrandSkuForm(props: BrandSkuFormProps) {
  const { data: options, isLoading } = useBrandSkus(props.brandId);
  const loading = isLoading && !options;
  // The product's option is the starting choice once the options are there (its id names it): the form starts again then.
  const current = options && props.optionId ? (options.find((o) => o._id === props.optionId) ?? null) : null;
  return <BrandSkuFields key={options ? 'options' : 'none'} {...props} loading={loading} options={options ?? NO_OPTIONS} current={current} />;
}

interface BrandSkuFieldsProps extends BrandSkuFormProps {
  loading: boolean;
  options: BrandSkuOption[];
  current: BrandSkuOption | null;
}

function BrandSkuFields({ productId, value, optionId, onDone, loading, options, current }: BrandSkuFieldsProps) {
  const id = useId();
  const form = useSchemaForm(brandSkuForm, { choice: current, other: optionId ? '' : value });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const choice = useWatch({ control, name: 'choice' });
  const error = errors.choice?.message;
  const { trigger, isMutating } = useUpdateProduct();

  const onSubmit = handleSubmit(async (body) => {
    try {
      const out = await trigger({ id: productId, body });
      notify.success(out.message);
      onDone();
    } catch (e) {
      handleError(e);
    }
  });

  return (
    <form className="brand-sku-form" noValidate onSubmit={onSubmit}>
      {loading ? (
        <p className="brand-sku-form__loading" role="status">
          Loading brand skus…
        </p>
      ) : (
        <Controller
          control={control}
          name="choice"
          render={({ field }) => (
            <Combobox
              label="Brand sku"
              labelHidden
              className="field combobox brand-sku-form__select"
              options={options}
              pinned={PINNED}
              optionKey={idOf}
              optionLabel={skuOf}
              selected={field.value ?? null}
              onSelect={(o) => {
                field.onChange(o);
                form.clearErrors('choice');
              }}
              placeholder="Type to search brand skus"
              invalid={!!error}
              describedBy={error ? `${id}-error` : undefined}
              autoFocus
            />
          )}
        />
      )}
      {choice?._id === BRAND_SKU_OTHER._id ? (
        <>
          <label className="sr-only" htmlFor={`${id}-other`}>
            Other brand sku
          </label>
          <input id={`${id}-other`} className="field__input brand-sku-form__other" maxLength={100} placeholder="Enter brand sku" autoFocus {...register('other')} />
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
