/**
 * The add and edit modes of a canned message (000 §2, §4, §5): Name, Status (active / 'in active'),
 * a placeholder dropdown (GET /getvariable) that inserts `{Placeholder}` where the caret was in the
 * message, and the message in the rich-text editor. 'Name is required.', 'Message is required.'
 * and 'Please select status.' are listed together and nothing is sent until they pass. Save:
 * POST or PUT, the spec's toast, the list reloads; an edit someone else saved meanwhile is the
 * server's 409 message (the form stays open).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { CANNED_MSG } from '@shared/messages/canned-messages';
import { CANNED_LIMITS, type CannedStatus } from '@shared/schemas/contact';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { RichTextEditor, type RichTextController } from '../../../components/ui/rich-text-editor';
import { PlaceholderSelect } from '../../../components/ui/placeholder-select';
import { Select } from '../../../components/ui/select';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import type { CannedMessage } from '../api/get-canned-messages';
import { useEmailVariables } from '../api/get-variables';
import { useSaveCannedMessage } from '../api/save-canned-message';
import { STATUS_LABEL, hasText } from '../status';

export interface MessageFormModalProps {
  brand: string;
  /** Edit this message; none: add a new one. */
  message?: CannedMessage;
  onClose: () => void;
}

interface Errors {
  name?: string;
  content?: string;
  status?: string;
}

export function validateMessage(v: { name: string; content: string; status: string }): Errors {
  const errors: Errors = {};
  if (!v.name.trim()) errors.name = CANNED_MSG.nameRequired;
  if (!hasText(v.content)) errors.content = CANNED_MSG.contentRequired;
  if (v.status !== 'active' && v.status !== 'inactive') errors.status = CANNED_MSG.statusRequired;
  return errors;
}

export function MessageFormModal({ brand, message, onClose }: MessageFormModalProps) {
  const base = useId();
  const editor = useRef<RichTextController | null>(null);
  const variables = useEmailVariables();
  const { trigger, isMutating } = useSaveCannedMessage(brand);
  const [name, setName] = useState(message?.name ?? '');
  const [content, setContent] = useState(message?.content ?? '');
  const [status, setStatus] = useState<string>(message?.status ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const [placeholder, setPlaceholder] = useState('');

  const check = (next: { name: string; content: string; status: string }) => {
    if (tried) setErrors(validateMessage(next));
  };

  const insert = (v: string) => {
    setPlaceholder('');
    if (!v) return;
    editor.current?.insertText(v);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const found = validateMessage({ name, content, status });
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const fields = { name: name.trim(), content, status: status as CannedStatus };
      const out = await trigger(message ? { ...fields, id: message._id, updatedAt: message.updatedAt } : fields);
      notify.success(out.message);
      onClose();
    } catch (err) {
      handleError(err);
    }
  };

  const list = [errors.name, errors.content, errors.status].filter(Boolean);
  return (
    <Modal title={message ? `Edit message: ${message.name}` : 'Add message'} size="lg" onClose={onClose}>
      <form className="inbox-form" onSubmit={submit} noValidate aria-label={message ? 'Edit canned message' : 'Add canned message'}>
        {list.length ? (
          <div className="inbox-form__errors banner banner--error" role="alert">
            <ul>
              {list.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="inbox-form__row">
          <div className={`field inbox-form__name${errors.name ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={`${base}-name`}>
              Name
            </label>
            <input
              id={`${base}-name`}
              className="field__input"
              value={name}
              maxLength={CANNED_LIMITS.maxName}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${base}-name-error` : undefined}
              data-autofocus
              onChange={(e) => {
                setName(e.target.value);
                check({ name: e.target.value, content, status });
              }}
            />
            {errors.name ? (
              <p id={`${base}-name-error`} className="field__error">
                {errors.name}
              </p>
            ) : null}
          </div>
          <div className={`inbox-form__status${errors.status ? ' field--invalid' : ''}`}>
            <Select
              label="Status"
              value={status}
              onChange={(v) => {
                setStatus(v);
                check({ name, content, status: v });
              }}
            >
              <option value="">Select status</option>
              <option value="active">{STATUS_LABEL.active}</option>
              <option value="inactive">{STATUS_LABEL.inactive}</option>
            </Select>
            {errors.status ? <p className="field__error">{errors.status}</p> : null}
          </div>
        </div>
        <PlaceholderSelect
          placeholders={variables.data}
          value={placeholder}
          onChange={insert}
          className="field inbox-form__placeholder"
          hint="Inserted where the cursor is in the message; filled in when the message is used in the contact form."
        />
        <div className="field">
          <span className="field__label" id={`${base}-message-label`}>
            Message
          </span>
          <RichTextEditor
            label="Message"
            value={content}
            controller={editor}
            onChange={(html) => {
              setContent(html);
              check({ name, content: html, status });
            }}
            invalid={!!errors.content}
            describedBy={errors.content ? `${base}-message-error` : undefined}
          />
          {errors.content ? (
            <p id={`${base}-message-error`} className="field__error">
              {errors.content}
            </p>
          ) : null}
        </div>
        <div className="inbox-form__actions">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={isMutating}>
            {message ? 'Update' : 'Save'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
