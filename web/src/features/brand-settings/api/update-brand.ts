/**
 * PUT /brands/{brandId} (000 §7; 001 §7 toast 'Successfully updated'): the brand's colours and
 * company BCC. On success the session's brand (a brand user's own, or the brand an ADMIN acts
 * for) takes the saved colours, so the theme (app/provider.tsx) repaints every screen at once.
 */
import { mutate } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { ResponseOf } from '@shared/routes/responses';
import type { UpdateBrandBody } from '@shared/schemas/brand-settings';
import { api } from '../../../lib/api-client';
import { isAdmin } from '../../../lib/access';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { getSession, updateSession } from '../../../lib/session';
import { BRANDS_KEY } from '../../brands';

export type UpdatedBrand = ResponseOf<'updateBrand'>['data'];

export function updateBrand(brandId: string, body: UpdateBrandBody): Promise<ResponseOf<'updateBrand'>> {
  return api('updateBrand', { params: { brandId }, body });
}

/** The session's brand as saved: the theme follows it without a reload. */
export function applyBrandToSession(brand: UpdatedBrand): void {
  const session = getSession();
  if (!session) return;
  if (isAdmin(session.user)) {
    if (session.actingBrand?._id === brand._id) updateSession({ actingBrand: { ...session.actingBrand, colors: brand.colors } });
    return;
  }
  const own = session.user.brand;
  if (own?._id !== brand._id) return;
  const next = { ...own, colors: brand.colors, company_email_bcc: brand.company_email_bcc };
  if (next.company_email_bcc === undefined) delete next.company_email_bcc;
  updateSession({ user: { ...session.user, brand: next } });
}

export function useUpdateBrand(brandId: string) {
  return useSWRMutation(
    ['brand-settings', brandId] as const,
    async ([, id], { arg }: { arg: UpdateBrandBody }) => {
      const out = await updateBrand(id, arg);
      applyBrandToSession(out.data);
      await mutate(BRANDS_KEY);
      return out;
    },
    MUTATION_OPTIONS,
  );
}
