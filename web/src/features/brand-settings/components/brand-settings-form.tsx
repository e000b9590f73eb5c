/**
 * The Brand tab's form (000 §2, §3 Brand, §9 default colours): four colour pickers (background,
 * text, hover, summary section), 'Reset to defaults', the company BCC email and Save → PUT
 * /brands/{brandId} ('Successfully updated', 001 §7). A value the schema refuses is said by a
 * warning toast and nothing is sent. The contrast warning shows as the colours are chosen and does
 * not block saving. Read-only (no Save, no Reset) when `canSave` is false.
 */
import { Controller, useWatch } from 'react-hook-form';
import { DEFAULT_COLORS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { COLOUR_LABELS, updateBrandBody } from '@shared/schemas/brand-settings';
import type { Colors } from '@shared/types';
import { Button } from '../../../components/ui/button';
import { ColourPicker } from '../../../components/ui/colour-picker';
import { FormField } from '../../../components/ui/form-field';
import { useSchemaForm } from '../../../lib/form';
import { firstErrorMessage } from '../../../lib/form-errors';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useUpdateBrand } from '../api/update-brand';
import { BrandPreview } from './brand-preview';

const ORDER = ['bgColor', 'textColor', 'hoverColor', 'summaryPageSectionColor'] as const satisfies readonly (keyof Colors)[];

export interface BrandInitial {
  _id: string;
  name: string;
  colors: Colors;
  company_email_bcc: string;
}

export function BrandSettingsForm({ brand, canSave }: { brand: BrandInitial; canSave: boolean }) {
  const { register, control, handleSubmit, reset, setValue } = useSchemaForm(updateBrandBody, { colors: brand.colors, company_email_bcc: brand.company_email_bcc });
  const colors = (useWatch({ control, name: 'colors' }) ?? brand.colors) as Colors;
  const { trigger, isMutating } = useUpdateBrand(brand._id);
  const isDefault = ORDER.every((k) => colors[k].toLowerCase() === DEFAULT_COLORS[k]);

  const onSubmit = handleSubmit(
    async (body) => {
      try {
        const res = await trigger(body);
        reset({ colors: res.data.colors, company_email_bcc: res.data.company_email_bcc ?? '' });
        notify.success(res.message);
      } catch (err) {
        handleError(err);
      }
    },
    (errors) => notify.warning(firstErrorMessage(errors) ?? MSG.genericError),
  );

  return (
    <form className="brand-settings" onSubmit={onSubmit} noValidate aria-label={`Brand settings of ${brand.name}`}>
      <h2 className="brand-settings__title">Brand colours</h2>
      {!canSave ? <p className="brand-settings__note">Only a brand admin can change the brand's colours and BCC email.</p> : null}
      <div className="brand-settings__grid">
        {ORDER.map((k) => (
          <Controller
            key={k}
            control={control}
            name={`colors.${k}`}
            render={({ field: { value = '', onChange } }) => <ColourPicker label={COLOUR_LABELS[k]} value={value} onChange={onChange} alpha={k === 'hoverColor' || value.length === 9} disabled={!canSave} />}
          />
        ))}
      </div>
      <BrandPreview colors={colors} />
      <FormField
        label="Company BCC email"
        type="email"
        fieldClassName="brand-settings__bcc"
        placeholder="name@company.com"
        disabled={!canSave}
        autoComplete="email"
        registration={register('company_email_bcc')}
      />
      {canSave ? (
        <div className="brand-settings__actions">
          <Button type="button" variant="outline" onClick={() => setValue('colors', { ...DEFAULT_COLORS })} disabled={isDefault}>
            Reset to defaults
          </Button>
          <Button type="submit" busy={isMutating}>
            Save
          </Button>
        </div>
      ) : null}
    </form>
  );
}
