/** POST /addressBooks (000 §5, §7): toast 'Contact added successfully.'; the list reloads after a 200 only. */
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { ContactFields } from '@shared/schemas/address-book';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { ADDRESS_BOOK_KEY, revalidateContacts } from './keys';

export function addContact(brandId: string | undefined, retailerId: string, fields: ContactFields) {
  return api('addContact', { body: { ...fields, ...(brandId ? { brand: brandId } : {}), retailer: retailerId } });
}

export function useAddContact(brandId: string | undefined, retailerId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    [ADDRESS_BOOK_KEY, 'add', brandId, retailerId] as const,
    async (_key, { arg }: { arg: ContactFields }) => {
      const out = await addContact(brandId, retailerId, arg);
      await revalidateContacts(brandId, retailerId, mutate);
      return out;
    },
    MUTATION_OPTIONS,
  );
}
