/**
 * The Brand tab of Settings (000 §2, §3 Brand, §9 default colours): four colour pickers
 * (background, text, hover, summary section), 'Reset to defaults', the company BCC email and
 * Save → PUT /brands/{brandId} ('Successfully updated', 001 §7). Saving repaints the whole app at
 * once (the session's brand takes the colours). A contrast warning (WCAG, below 4.5:1) shows as
 * the colours are chosen, before saving, and does not block it. Only a BRAND_ADMIN or an ADMIN
 * may save; anyone else with a role sees the brand's settings read-only.
 */
import useSWR from 'swr';
import { Spinner } from '../../../components/ui/spinner';
import { brandColors, effectiveBrand, isAdmin, isBrandAdminOrAdmin } from '../../../lib/access';
import type { Session } from '../../../lib/session';
import { BRANDS_KEY, getBrands } from '../../brands';
import { BrandSettingsForm, type BrandInitial } from './brand-settings-form';
import '../brand-settings.css';

/** The brand being edited: an ADMIN's acting brand read from GET /brands (its BCC is not in the session), else the session's own. */
function useInitialBrand(session: Session): { brand?: BrandInitial; loading: boolean } {
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
