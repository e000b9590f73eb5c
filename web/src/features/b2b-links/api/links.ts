/**
 * The B2B portal links of one retailer (ours, docs/decisions.md "B2B portal"): GET /b2bLinks (the
 * active ones), POST /b2bLinks (issue: the address is answered once), DELETE /b2bLinks/{id}
 * (revoke). After an issue or a revoke the modal reads the list again (`useB2bLinks().mutate`).
 */
import useSWRInfinite from 'swr/infinite';
import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';

export const B2B_LINKS_KEY = 'b2b-links';

type LinksPage = Awaited<ReturnType<typeof listPage>>;

const listPage = (brand: string, retailerId: string, cursor: string | undefined) => api('listB2bLinks', { query: { brand, retailerId, status: 'active', ...(cursor ? { cursor } : {}) } });

/**
 * The active links, a page (B2B.pageSize) at a time by the API's cursor: `setSize(size + 1)` reads
 * the next page; `mutate()` reads the pages shown again (after an issue or a revoke).
 */
export function useB2bLinks(brandId: string | undefined, retailerId: string) {
  return useSWRInfinite(
    (index, previous: LinksPage | null) => {
      if (!brandId || (previous && !previous.nextCursor)) return null;
      return [B2B_LINKS_KEY, 'list', brandId, retailerId, index === 0 ? undefined : previous!.nextCursor!] as const;
    },
    ([, , brand, r, cursor]) => listPage(brand, r, cursor),
  );
}

export function useCreateB2bLink(brandId: string | undefined, retailerId: string) {
  return useSWRMutation(
    [B2B_LINKS_KEY, 'create', brandId, retailerId] as const,
    async (_key, { arg: expiresInDays }: { arg: number }) => {
      return api('createB2bLink', { query: { brand: brandId }, body: { retailerId, expiresInDays } });
    },
    MUTATION_OPTIONS,
  );
}

export function useRevokeB2bLink(brandId: string | undefined) {
  return useSWRMutation(
    [B2B_LINKS_KEY, 'revoke', brandId] as const,
    async (_key, { arg: id }: { arg: string }) => {
      return api('revokeB2bLink', { params: { id }, query: { brand: brandId } });
    },
    MUTATION_OPTIONS,
  );
}
