/**
 * The contact form's message (000 §2, §3, §5): the canned-message dropdown (active messages only;
 * placeholders filled from the first target contact and POST /getContactInfoForEmail/), the
 * placeholder dropdown (GET /getvariable) inserting the placeholder's value at the caret (a
 * contact's field needs a ticked target first: 'Please select target email address.', 000 §5
 * "outside add/edit mode"), and the rich-text editor bound to `message` (RichTextField).
 */
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CONTACT_MSG } from '@shared/messages/contact';
import { CONTACT_VARIABLE_NAMES, type ContactInfoForEmail } from '@shared/schemas/contact';
import { PlaceholderSelect } from '../../../components/ui/placeholder-select';
import type { RichTextController } from '../../../components/ui/rich-text-editor';
import { RichTextField } from '../../../components/ui/rich-text-field';
import { Select } from '../../../components/ui/select';
import { notify } from '../../../lib/notify';
import { useEmailVariables } from '../../inbox';
import { useActiveCannedMessages } from '../api/get-canned-messages';
import { fillPlaceholders, needsTarget, placeholderValues } from '../placeholders';
import type { ContactForm } from './use-contact-email';

export function MessageFields({ form, info, brand }: { form: ContactForm; info: ContactInfoForEmail; brand: string | undefined }) {
  const canned = useActiveCannedMessages(brand);
  const variables = useEmailVariables();
  const editor = useRef<RichTextController | null>(null);
  const [cannedId, setCannedId] = useState('');
  const [variable, setVariable] = useState('');
  const to = useWatch({ control: form.control, name: 'to' });
  /** The first ticked contact, in the list's order: the one whose fields fill the placeholders. */
  const target = info.contacts.find((c) => to.includes(c.email));

  const pickCanned = (id: string) => {
    const m = canned.data?.find((x) => x._id === id);
    if (!m) {
      setCannedId('');
      return;
    }
    if (needsTarget(m.content) && !target) {
      notify.warning(CONTACT_MSG.selectTarget);
      setCannedId('');
      return;
    }
    setCannedId(id);
    form.setValue('isCanned', true);
    form.setValue('message', fillPlaceholders(m.content, placeholderValues(info.data, target)), { shouldDirty: true, shouldValidate: !!form.getFieldState('message').error });
  };

  /** A placeholder chosen outside the Inbox's add/edit mode: its value for this email, at the caret. */
  const insertVariable = (v: string) => {
    setVariable('');
    const name = v.replace(/^\{|\}$/g, '');
    if (!name) return;
    if ((CONTACT_VARIABLE_NAMES as readonly string[]).includes(name) && !target) {
      notify.warning(CONTACT_MSG.selectTarget);
      return;
    }
    const values = placeholderValues(info.data, target);
    editor.current?.insertText(Object.hasOwn(values, name) ? (values[name] ?? '') : v);
  };

  return (
    <>
      <Select label="Canned message" value={cannedId} onChange={pickCanned} className="field contact-form__canned">
        <option value="">{canned.data ? (canned.data.length ? 'Select a canned message' : 'No canned messages') : 'Loading…'}</option>
        {(canned.data ?? []).map((m) => (
          <option key={m._id} value={m._id}>
            {m.name}
          </option>
        ))}
      </Select>
      <PlaceholderSelect placeholders={variables.data} value={variable} onChange={insertVariable} className="field contact-form__canned" />
      <RichTextField control={form.control} name="message" label="Message" editor={editor} />
    </>
  );
}
