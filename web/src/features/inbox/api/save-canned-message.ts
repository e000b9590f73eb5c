/**
 * POST /cannedmessages and PUT /cannedmessages/{id} (000 §7): 'Message created successfully' /
 * 'Message updated successfully'; after a 200 the Inbox's pages and the contact form's dropdown
 * reload. An edit sends the version it opened (`updatedAt`): someone else's save meanwhile is a 409.
 */
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { CannedMessageFormValues } from '@shared/schemas/contact';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { INBOX_KEY, revalidateCannedMessages } from './get-canned-messages';

/** The form's fields (shared/schemas/contact.ts `cannedMessageForm`); an edit adds the message's id and the version the form was opened on. */
export type SaveCannedMessage = CannedMessageFormValues & ({ id?: undefined } | { id: string; updatedAt: string });

export function saveCannedMessage(brand: string, arg: SaveCannedMessage) {
  const fields = { name: arg.name, content: arg.content, status: arg.status, brand };
  return arg.id === undefined ? api('createCannedMessage', { body: fields }) : api('updateCannedMessage', { params: { id: arg.id }, body: { ...fields, updatedAt: arg.updatedAt } });
}

export function useSaveCannedMessage(brand: string | undefined) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    [INBOX_KEY, 'save', brand] as const,
    async ([, , b], { arg }: { arg: SaveCannedMessage }) => {
      if (!b) throw new Error('No brand');
      const out = await saveCannedMessage(b, arg);
      await revalidateCannedMessages(mutate);
      return out;
    },
    MUTATION_OPTIONS,
  );
}
