/**
 * The FLAG REASON tab of the flag modal (000 §5): a checkbox per reason, the option dropdown of a
 * ticked reason that has options, the details and the flag button. Nothing ticked: the toast
 * 'Please select at least one field.'; a ticked reason whose option is required (Price, Brand
 * Bio) shows its message under its dropdown until one is chosen. Closes on a 200 only.
 */
import { useWatch } from 'react-hook-form';
import { BRAND_FLAG_REASONS, FLAG_MESSAGE_MAX, flagForm, PRODUCT_FLAG_REASONS } from '@shared/schemas/scrapings';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField } from '../../../components/ui/form-field';
import { useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useSetFlag, type FlagTarget } from '../api/flag';

const REASONS: Record<FlagTarget, Record<string, readonly string[]>> = { product: PRODUCT_FLAG_REASONS, brand: BRAND_FLAG_REASONS };
const SCHEMAS = { product: flagForm(PRODUCT_FLAG_REASONS), brand: flagForm(BRAND_FLAG_REASONS) };

export interface FlagReasonFormProps {
  target: FlagTarget;
  id: string;
  onClose: () => void;
}

export function FlagReasonForm({ target, id, onClose }: FlagReasonFormProps) {
  const reasons = REASONS[target];
  const form = useSchemaForm(SCHEMAS[target], { reasons: Object.fromEntries(Object.keys(reasons).map((n) => [n, { on: false, value: '' }])), message: '' });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  const ticked = useWatch({ control, name: 'reasons' });
  const { trigger, isMutating } = useSetFlag(target);

  const onSubmit = handleSubmit(
    async (body) => {
      try {
        const out = await trigger({ id, body });
        notify.success(out.message);
        onClose();
      } catch (err) {
        handleError(err);
      }
    },
    // No reason ticked is said by a toast; a missing option under its dropdown.
    (invalid) => {
      const none = invalid.reasons?.message;
      if (typeof none === 'string') notify.error(none);
    },
  );

  return (
    <form className="flag-form" onSubmit={onSubmit} noValidate aria-label="Flag reason">
      <fieldset className="flag-form__reasons">
        <legend className="field__label">Why is it wrong?</legend>
        {Object.entries(reasons).map(([name, opts]) => (
          <div key={name} className="flag-form__reason">
            <label className="flag-form__check">
              <input type="checkbox" {...register(`reasons.${name}.on`)} />
              {name}
            </label>
            {opts.length && ticked[name]?.on ? (
              <SelectField label={`${name} issue`} labelHidden className="flag-form__option" registration={register(`reasons.${name}.value`)} error={errors.reasons?.[name]?.value}>
                <option value="">Select...</option>
                {opts.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </SelectField>
            ) : null}
          </div>
        ))}
      </fieldset>
      <TextAreaField label="Details" className="flag-form__details" maxLength={FLAG_MESSAGE_MAX} registration={register('message')} error={errors.message} />
      <div className="flag-form__actions">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={isMutating}>
          {target === 'product' ? 'Flag this product' : 'Flag this brand'}
        </Button>
      </div>
    </form>
  );
}
