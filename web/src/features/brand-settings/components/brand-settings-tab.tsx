/**
 * The Brand tab of Settings (000 §2, §3 Brand, §9 default colours): four colour pickers
 * (background, text, hover, summary section), 'Reset to defaults', the company BCC email and
 * Save → PUT /brands/{brandId} ('Successfully updated', 001 §7). Saving repaints the whole app at
 * once (the session's brand takes the colours). A contrast warning (WCAG, below 4.5:1) shows as
 * the colours are chosen, before saving, and does not block it. Only a BRAND_ADMIN or an ADMIN
 * may save; anyone else with a role sees the brand's settings read-only.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { DEFAULT_COLORS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { COLOUR_LABELS, updateBrandBody } from '@shared/schemas/brand-settings';
import type { Colors } from '@shared/types';
import { Button } from '../../../components/ui/button';
import { ColourPicker } from '../../../components/ui/colour-picker';
import { Spinner } from '../../../components/ui/spinner';
import { brandColors, effectiveBrand, isAdmin, isBrandAdminOrAdmin } from '../../../lib/access';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import type { Session } from '../../../lib/session';
import { BRANDS_KEY, getBrands } from '../../brands/api/get-brands';
import { useUpdateBrand } from '../api/update-brand';
import { contrastIssues } from '../contrast';
import '../brand-settings.css';

const ORDER = ['bgColor', 'textColor', 'hoverColor', 'summaryPageSectionColor'] as const satisfies readonly (keyof Colors)[];

interface Initial {
  _id: string;
  name: string;
  colors: Colors;
  company_email_bcc: string;
}

/** The brand being edited: an ADMIN's acting brand read from GET /brands (its BCC is not in the session), else the session's own. */
function useInitialBrand(session: Session): { brand?: Initial; loading: boolean } {
  const admin = isAdmin(session.user);
  const own = effectiveBrand(session);
  const { data, isLoading } = useSWR(admin ? BRANDS_KEY : null, getBrands);
  if (!own) return { loading: false };
  if (admin) {
    const found = data?.data.find((b) => b._id === own._id);
    return { loading: isLoading, brand: found ? { _id: found._id, name: found.name, colors: brandColors(found.colors), company_email_bcc: found.company_email_bcc ?? '' } : undefined };
  }
  const bcc = 'company_email_bcc' in own ? (own.company_email_bcc ?? '') : '';
  return { loading: false, brand: { _id: own._id, name: own.name, colors: brandColors(own.colors), company_email_bcc: bcc } };
}

export function BrandSettingsTab({ session }: { session: Session }) {
  const { brand, loading } = useInitialBrand(session);
  if (loading) return <Spinner />;
  if (!brand) return <p className="brand-settings__empty">No brand to set up.</p>;
  return <BrandSettingsForm key={brand._id} brand={brand} canSave={isBrandAdminOrAdmin(session.user)} />;
}

export function BrandSettingsForm({ brand, canSave }: { brand: Initial; canSave: boolean }) {
  const bccId = useId();
  const [colors, setColors] = useState<Colors>(brand.colors);
  const [bcc, setBcc] = useState(brand.company_email_bcc);
  const { trigger, isMutating } = useUpdateBrand(brand._id);
  const issues = useMemo(() => contrastIssues(colors), [colors]);
  const set = (k: keyof Colors) => (hex: string) => setColors((c) => ({ ...c, [k]: hex }));
  const isDefault = ORDER.every((k) => colors[k].toLowerCase() === DEFAULT_COLORS[k]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = updateBrandBody.safeParse({ colors, company_email_bcc: bcc });
    if (!parsed.success) {
      notify.warning(parsed.error.issues[0]?.message ?? MSG.genericError);
      return;
    }
    try {
      const res = await trigger(parsed.data);
      setColors(res.data.colors);
      setBcc(res.data.company_email_bcc ?? '');
      notify.success(res.message);
    } catch (err) {
      handleError(err);
    }
  };

  return (
    <form className="brand-settings" onSubmit={(e) => void submit(e)} noValidate aria-label={`Brand settings of ${brand.name}`}>
      <h2 className="brand-settings__title">Brand colours</h2>
      {!canSave ? <p className="brand-settings__note">Only a brand admin can change the brand's colours and BCC email.</p> : null}
      <div className="brand-settings__grid">
        {ORDER.map((k) => (
          <ColourPicker key={k} label={COLOUR_LABELS[k]} value={colors[k]} onChange={set(k)} alpha={k === 'hoverColor' || colors[k].length === 9} disabled={!canSave} />
        ))}
      </div>
      <div className="brand-settings__preview" aria-hidden="true" style={{ background: colors.bgColor, color: colors.textColor }}>
        <span className="brand-settings__preview-item">Summary view</span>
        <span className="brand-settings__preview-item" style={{ background: colors.hoverColor }}>
          Retailer List (hover)
        </span>
        <span className="brand-settings__preview-item" style={{ background: colors.summaryPageSectionColor }}>
          Summary section
        </span>
      </div>
      {issues.length ? (
        <div className="brand-settings__warning" role="status" aria-live="polite">
          <strong>Low contrast</strong>
          <ul>
            {issues.map((i) => (
              <li key={i.where}>{i.message}</li>
            ))}
          </ul>
          <span>You can still save these colours.</span>
        </div>
      ) : null}
      <div className="field brand-settings__bcc">
        <label className="field__label" htmlFor={bccId}>
          Company BCC email
        </label>
        <input id={bccId} className="field__input" type="email" value={bcc} onChange={(e) => setBcc(e.target.value)} placeholder="name@company.com" disabled={!canSave} autoComplete="email" />
      </div>
      {canSave ? (
        <div className="brand-settings__actions">
          <Button type="button" variant="outline" onClick={() => setColors({ ...DEFAULT_COLORS })} disabled={isDefault}>
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
