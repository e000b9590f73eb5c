/**
 * The B2B portal links of one retailer (ours, docs/decisions.md "B2B portal"): GET /b2bLinks (the
 * active ones), POST /b2bLinks (issue: the address is answered once), DELETE /b2bLinks/{id}
 * (revoke). After an issue or a revoke the list is revalidated.
 */
import useSWR, { mutate } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';

export const B2B_LINKS_KEY = 'b2b-links';

const revalidateLinks = () => mutate((key) => Array.isArray(key) && key[0] === B2B_LINKS_KEY && key[1] === 'list');

export function useB2bLinks(brandId: string | undefined, retailerId: string) {
  return useSWR(brandId ? ([B2B_LINKS_KEY, 'list', brandId, retailerId] as const) : null, ([, , brand, r]) => api('listB2bLinks', { query: { brand, retailerId: r, status: 'active' } }));
}

export function useCreateB2bLink(brandId: string | undefined, retailerId: string) {
  return useSWRMutation(
    [B2B_LINKS_KEY, 'create', brandId, retailerId] as const,
    async (_key, { arg: expiresInDays }: { arg: number }) => {
      const out = await api('createB2bLink', { query: { brand: brandId }, body: { retailerId, expiresInDays } });
      await revalidateLinks();
      return out;
    },
    MUTATION_OPTIONS,
  );
}

export function useRevokeB2bLink(brandId: string | undefined) {
  return useSWRMutation(
    [B2B_LINKS_KEY, 'revoke', brandId] as const,
    async (_key, { arg: id }: { arg: string }) => {
      try {
        return await api('revokeB2bLink', { params: { id }, query: { brand: brandId } });
      } finally {
        await revalidateLinks();
      }
    },
    MUTATION_OPTIONS,
  );
}
