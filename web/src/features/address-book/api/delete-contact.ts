/** DELETE /addressBooks/{id} (000 §6, §7): BRAND_ADMIN or ADMIN; toast 'Contact deleted successfully.'. */
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { ADDRESS_BOOK_KEY, revalidateContacts } from './keys';

export function deleteContact(id: string, brandId: string | undefined) {
  return api('deleteContact', { params: { id }, query: brandId ? { brand: brandId } : {} });
}

export function useDeleteContact(brandId: string | undefined, retailerId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    [ADDRESS_BOOK_KEY, 'delete', brandId, retailerId] as const,
    async (_key, { arg }: { arg: string }) => {
      const out = await deleteContact(arg, brandId);
      await revalidateContacts(brandId, retailerId, mutate);
      return out;
    },
    MUTATION_OPTIONS,
  );
}
