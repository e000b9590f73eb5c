/**
 * The add and edit modes of a canned message (000 §2, §4, §5): Name, Status (active / 'in active'),
 * a placeholder dropdown (GET /getvariable) that inserts `{Placeholder}` where the caret was in the
 * message, and the message in the rich-text editor, checked by the shared `cannedMessageForm`.
 * 'Name is required.', 'Message is required.' and 'Please select status.' are listed together
 * (and each under its field) and nothing is sent until they pass. Save: POST or PUT, the spec's
 * toast, the list reloads; an edit someone else saved meanwhile is the server's 409 message (the
 * form stays open).
 */
import { useId } from 'react';
import { CANNED_LIMITS, cannedMessageForm } from '@shared/schemas/contact';
import { Button } from '../../../components/ui/button';
import { FormField, SelectField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import type { CannedMessage } from '../api/get-canned-messages';
import { useSaveCannedMessage } from '../api/save-canned-message';
import { STATUS_LABEL } from '../status';
import { MessageEditorField } from './message-editor-field';

/** In the order the summary lists them. */
const FIELDS = ['name', 'content', 'status'] as const;

export interface MessageFormModalProps {
  brand: string;
  /** Edit this message; none: add a new one. */
  message?: CannedMessage;
  onClose: () => void;
}

export function MessageFormModal({ brand, message, onClose }: MessageFormModalProps) {
  const formId = useId();
  const form = useSchemaForm(cannedMessageForm, { name: message?.name ?? '', content: message?.content ?? '', status: message?.status });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const { trigger, isMutating } = useSaveCannedMessage(brand);

  const onSubmit = handleSubmit(async (fields) => {
    try {
      const out = await trigger(message ? { ...fields, id: message._id, updatedAt: message.updatedAt } : fields);
      notify.success(out.message);
      onClose();
    } catch (err) {
      if (!showServerIssues(form, err, FIELDS)) handleError(err);
    }
  });

  const list = FIELDS.map((f) => errors[f]?.message).filter(Boolean);
  return (
    <Modal
      title={message ? `Edit message: ${message.name}` : 'Add message'}
      size="lg"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={isMutating}>
            {message ? 'Update' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={formId} className="inbox-form" onSubmit={onSubmit} noValidate aria-label={message ? 'Edit canned message' : 'Add canned message'}>
        {list.length ? (
          // The summary; each message is announced under its field.
          <div className="inbox-form__errors banner banner--error">
            <ul>
              {list.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="inbox-form__row">
          <FormField label="Name" fieldClassName="inbox-form__name" maxLength={CANNED_LIMITS.maxName} registration={register('name')} error={errors.name} data-autofocus />
          <SelectField label="Status" fieldClassName="inbox-form__status" registration={register('status')} error={errors.status}>
            <option value="">Select status</option>
            <option value="active">{STATUS_LABEL.active}</option>
            <option value="inactive">{STATUS_LABEL.inactive}</option>
          </SelectField>
        </div>
        <MessageEditorField control={control} />
      </form>
    </Modal>
  );
}
