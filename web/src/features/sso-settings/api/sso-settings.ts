/**
 * The brand's single sign-on settings (issue 26, decision 42): GET and PUT /sso/{brandId}. The
 * client secret is write-only: both answer only `clientSecretSet`. A save puts the server's answer
 * (the domains as it normalised them) in the cache, so the form shows what was saved.
 */
import useSWR, { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import useSWRMutation from 'swr/mutation';
import type { ResponseOf } from '@shared/routes/responses';
import type { SsoSettingsBody } from '@shared/schemas/sso';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';

export const SSO_SETTINGS_KEY = 'sso-settings';

export function useSsoSettings(brandId: string | undefined) {
  return useSWR(brandId ? ([SSO_SETTINGS_KEY, brandId] as const) : null, ([, brand]) => api('getSso', { params: { brandId: brand } }), { revalidateOnFocus: false });
}

export function useSaveSsoSettings(brandId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    [SSO_SETTINGS_KEY, 'save', brandId] as const,
    async (_key, { arg }: { arg: SsoSettingsBody }) => {
      const out = await api('updateSso', { params: { brandId }, body: arg });
      const { message: _message, ...saved } = out;
      await mutate([SSO_SETTINGS_KEY, brandId], saved, { revalidate: false });
      return out;
    },
    MUTATION_OPTIONS,
  );
}

const accountsPage = (brandId: string, cursor: string | undefined) => api('listSsoAccounts', { params: { brandId }, query: cursor ? { cursor } : {} });
type AccountsPage = Awaited<ReturnType<typeof accountsPage>>;
export type SparedAccount = AccountsPage['data'][number];

/** GET /sso/{brandId}/accounts, a page at a time (issue 36): the accounts of the brand's verified domains its single sign-on spares. */
export function useSparedAccounts(brandId: string) {
  return useSWRInfinite(
    (index, previous: AccountsPage | null) => {
      if (previous && !previous.nextCursor) return null;
      return [SSO_SETTINGS_KEY, 'accounts', brandId, index === 0 ? undefined : previous!.nextCursor!] as const;
    },
    ([, , brand, cursor]) => accountsPage(brand, cursor),
    { revalidateOnFocus: false },
  );
}

/**
 * POST /sso/{brandId}/domains/{domain}/verify (issue 36): the domain's TXT record checked now; its
 * answered status replaces the domain's in the cached settings, so the list shows it at once.
 */
export function useVerifySsoDomain(brandId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    [SSO_SETTINGS_KEY, 'verify', brandId] as const,
    async (_key, { arg: domain }: { arg: string }) => {
      const out = await api('verifySsoDomain', { params: { brandId, domain } });
      await mutate<ResponseOf<'getSso'>>(
        [SSO_SETTINGS_KEY, brandId],
        (current) => (current ? { ...current, domainStatus: current.domainStatus.map((d) => (d.domain === out.domain.domain ? out.domain : d)) } : current),
        { revalidate: false },
      );
      return out;
    },
    MUTATION_OPTIONS,
  );
}
