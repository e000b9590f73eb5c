/**
 * The contact form (000 §2, §5; 001 §2): SUBJECT, To (a multi-select of the retailer's contacts;
 * none: the text pointing to the address book on the CONTACT tab), CC (the brand contact, always,
 * plus colleagues added), BCC (the user's and the company's BCC addresses, ticked by default, plus
 * colleagues added): CC and BCC take the brand's users, addresses at the brand's own domain and
 * the retailer's contacts (issue 20 §6; ./copy-adder.tsx, ../copy-rules.ts), the
 * rich-text message with the canned-message dropdown (active messages only; placeholders filled
 * from the first target contact and POST /getContactInfoForEmail/), a placeholder dropdown
 * (GET /getvariable) inserting the placeholder's value at the caret (a contact's field needs a
 * ticked target first: 'Please select target email address.', 000 §5 "outside add/edit mode"),
 * image attachments and SEND.
 * 'Please enter first target email address.' / 'Please enter message.' before sending;
 * 'Email Sent Successfully.' on a 200. The server enforces the same rules (and more).
 */
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { CONTACT_MSG } from '@shared/messages/contact';
import { CONTACT_LIMITS, CONTACT_VARIABLE_NAMES, IMAGE_TYPES, type ContactSource } from '@shared/schemas/contact';
import { Button } from '../../../components/ui/button';
import { RichTextEditor, type RichTextController } from '../../../components/ui/rich-text-editor';
import { PlaceholderSelect } from '../../../components/ui/placeholder-select';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { effectiveBrand } from '../../../lib/access';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useEmailVariables } from '../../inbox/api/get-variables';
import { useActiveCannedMessages } from '../api/get-canned-messages';
import { useContactInfo, type ContactInfoForEmail } from '../api/get-contact-info';
import { useSendContactEmail } from '../api/send-contact';
import { withAddress } from '../copy-rules';
import { CopyAdder } from './copy-adder';
import { fillPlaceholders, hasMessageText, needsTarget, placeholderValues, subjectFor } from '../placeholders';
import '../contact.css';

export interface ContactRetailerFormProps {
  /** The brand (default: the session's effective brand). */
  brandId?: string;
  retailerId: string;
  /** The scan period (products) or the retailer scan info (the brand profile). */
  retailerBrandScraping: string;
  source: ContactSource;
  /** Product scraping ids the email is about (source product). */
  products?: string[];
  /** Opened from a flag modal: the plural subject. */
  fromFlag?: boolean;
  initialSubject?: string;
  initialMessage?: string;
  onSent?: () => void;
  onCancel?: () => void;
}

const newRequestId = (): string =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
const MB = 1024 * 1024;

/** The first problem of the chosen files, or undefined (the server checks their bytes). */
export function attachmentProblem(files: readonly File[]): string | undefined {
  if (files.length > CONTACT_LIMITS.maxFiles) return CONTACT_MSG.tooManyFiles(CONTACT_LIMITS.maxFiles);
  for (const f of files) {
    if (!(IMAGE_TYPES as readonly string[]).includes(f.type)) return CONTACT_MSG.notAnImage(f.name);
    if (f.size > CONTACT_LIMITS.maxFileBytes) return CONTACT_MSG.fileTooLarge(f.name, CONTACT_LIMITS.maxFileBytes / MB);
  }
  if (files.reduce((n, f) => n + f.size, 0) > CONTACT_LIMITS.maxTotalBytes) return CONTACT_MSG.filesTooLarge(CONTACT_LIMITS.maxTotalBytes / MB);
  return undefined;
}

export function ContactRetailerForm(props: ContactRetailerFormProps) {
  const info = useContactInfo(props.retailerBrandScraping);
  if (info.error) return <p className="panel__text">{CONTACT_MSG.scanNotFound}</p>;
  if (!info.data) return <Spinner label="Loading contacts…" />;
  return <LoadedForm {...props} info={info.data} />;
}

function LoadedForm({ brandId, retailerId, retailerBrandScraping, source, products = [], fromFlag, initialSubject, initialMessage, onSent, onCancel, info }: ContactRetailerFormProps & { info: ContactInfoForEmail }) {
  const base = useId();
  const session = useSession();
  const brand = brandId ?? (session ? effectiveBrand(session)?._id : undefined);
  const canned = useActiveCannedMessages(brand);
  const variables = useEmailVariables();
  const editor = useRef<RichTextController | null>(null);
  const [variable, setVariable] = useState('');
  const { trigger, isMutating } = useSendContactEmail();
  const fileInput = useRef<HTMLInputElement>(null);
  const [subject, setSubject] = useState(() => initialSubject ?? subjectFor({ retailerName: info.retailer.name, source, productCount: products.length, fromFlag }));
  const [to, setTo] = useState<string[]>([]);
  const [ccExtra, setCcExtra] = useState<string[]>([]);
  const [bccOptions, setBccOptions] = useState<string[]>(info.bcc);
  const [bcc, setBcc] = useState<string[]>(info.bcc);
  const [message, setMessage] = useState(initialMessage ?? '');
  const [cannedId, setCannedId] = useState('');
  const [isCanned, setIsCanned] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [tried, setTried] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const ordered = useMemo(() => info.contacts.filter((c) => to.includes(c.email)), [info.contacts, to]);

  const noTarget = tried && to.length === 0;
  const noMessage = tried && !hasMessageText(message);

  const pickCanned = (id: string) => {
    const m = canned.data?.find((x) => x._id === id);
    if (!m) {
      setCannedId('');
      return;
    }
    if (needsTarget(m.content) && !ordered.length) {
      notify.warning(CONTACT_MSG.selectTarget);
      setCannedId('');
      return;
    }
    setCannedId(id);
    setIsCanned(true);
    setMessage(fillPlaceholders(m.content, placeholderValues(info.data, ordered[0])));
  };

  /** A placeholder chosen outside the Inbox's add/edit mode: its value for this email, at the caret. */
  const insertVariable = (v: string) => {
    setVariable('');
    const name = v.replace(/^\{|\}$/g, '');
    if (!name) return;
    if ((CONTACT_VARIABLE_NAMES as readonly string[]).includes(name) && !ordered.length) {
      notify.warning(CONTACT_MSG.selectTarget);
      return;
    }
    const values = placeholderValues(info.data, ordered[0]);
    editor.current?.insertText(Object.hasOwn(values, name) ? (values[name] ?? '') : v);
  };

  const addFiles = (list: FileList | null) => {
    const next = [...files, ...Array.from(list ?? [])];
    const problem = attachmentProblem(next);
    if (problem) notify.error(problem);
    else setFiles(next);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!to.length) {
      notify.error(CONTACT_MSG.noTarget);
      return;
    }
    if (!hasMessageText(message)) {
      notify.error(CONTACT_MSG.noMessage);
      return;
    }
    try {
      const out = await trigger({
        subject: subject.trim(),
        name: session?.user.name ?? '',
        to: ordered.map((c) => c.email),
        cc: [...info.cc, ...ccExtra],
        bcc,
        message,
        source,
        isCanned,
        products: source === 'brand' ? [] : products,
        retailerBrandScraping,
        retailer: retailerId,
        requestId,
        files,
      });
      notify.success(out.message);
      setRequestId(newRequestId());
      onSent?.();
    } catch (err) {
      handleError(err);
    }
  };

  return (
    <form className="contact-form" onSubmit={submit} noValidate aria-label="Contact retailer">
      <div className="field">
        <label className="field__label" htmlFor={`${base}-subject`}>
          SUBJECT
        </label>
        <input id={`${base}-subject`} className="field__input" value={subject} maxLength={CONTACT_LIMITS.maxSubject} onChange={(e) => setSubject(e.target.value.replace(/[\r\n]/g, ' '))} />
      </div>
      <fieldset className="contact-form__group" aria-describedby={noTarget ? `${base}-to-error` : undefined}>
        <legend className="field__label">To</legend>
        {info.contacts.length ? (
          <ul className="contact-form__list">
            {info.contacts.map((c) => (
              <li key={c._id}>
                <label className="contact-form__check">
                  <input type="checkbox" checked={to.includes(c.email)} onChange={(e) => setTo((t) => (e.target.checked ? [...t, c.email] : t.filter((x) => x !== c.email)))} />
                  <span>
                    {`${c.firstName} ${c.lastName}`.trim()} <span className="muted">&lt;{c.email}&gt;</span>
                    {c.role ? <span className="contact-form__role"> · {c.role}</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="contact-form__empty">{CONTACT_MSG.noContacts}</p>
        )}
        {noTarget ? (
          <p id={`${base}-to-error`} className="field__error" role="alert">
            {CONTACT_MSG.noTarget}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="contact-form__group">
        <legend className="field__label">CC</legend>
        {info.cc.length || ccExtra.length ? (
          <ul className="contact-form__list contact-form__list--inline" aria-label="CC">
            {info.cc.map((a) => (
              <li key={a}>
                {a} <span className="muted">(brand contact, always copied)</span>
              </li>
            ))}
            {ccExtra.map((a) => (
              <li key={a} className="contact-form__chip">
                <span>{a}</span>
                <button type="button" className="btn btn--sm btn--ghost" aria-label={`Remove ${a} from CC`} onClick={() => setCcExtra((l) => l.filter((x) => x !== a))}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="contact-form__fixed">N/A</p>
        )}
        <CopyAdder field="CC" info={info} onAdd={(a) => setCcExtra((l) => withAddress(l, a))} />
      </fieldset>
      <fieldset className="contact-form__group">
        <legend className="field__label">BCC</legend>
        {bccOptions.length ? (
          <ul className="contact-form__list contact-form__list--inline">
            {bccOptions.map((a) => (
              <li key={a}>
                <label className="contact-form__check">
                  <input type="checkbox" checked={bcc.includes(a)} onChange={(e) => setBcc((b) => (e.target.checked ? [...b, a] : b.filter((x) => x !== a)))} />
                  {a}
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="contact-form__fixed muted">No BCC address: set yours in Settings, My Account, or add one below.</p>
        )}
        <CopyAdder
          field="BCC"
          info={info}
          onAdd={(a) => {
            setBccOptions((o) => withAddress(o, a));
            setBcc((b) => withAddress(b, a));
          }}
        />
      </fieldset>
      <Select label="Canned message" value={cannedId} onChange={pickCanned} className="field contact-form__canned">
        <option value="">{canned.data ? (canned.data.length ? 'Select a canned message' : 'No canned messages') : 'Loading…'}</option>
        {(canned.data ?? []).map((m) => (
          <option key={m._id} value={m._id}>
            {m.name}
          </option>
        ))}
      </Select>
      <PlaceholderSelect placeholders={variables.data} value={variable} onChange={insertVariable} className="field contact-form__canned" />
      <div className="field">
        <span className="field__label" id={`${base}-message-label`}>
          Message
        </span>
        <RichTextEditor
          label="Message"
          value={message}
          controller={editor}
          onChange={(html) => {
            setMessage(html);
          }}
          invalid={noMessage}
          describedBy={noMessage ? `${base}-message-error` : undefined}
        />
        {noMessage ? (
          <p id={`${base}-message-error`} className="field__error" role="alert">
            {CONTACT_MSG.noMessage}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${base}-files`}>
          Attachments (images)
        </label>
        <input
          ref={fileInput}
          id={`${base}-files`}
          className="contact-form__file"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          aria-describedby={`${base}-files-hint`}
          onChange={(e) => addFiles(e.target.files)}
        />
        <p id={`${base}-files-hint`} className="field__hint">
          PNG, JPEG, GIF or WebP; up to {CONTACT_LIMITS.maxFiles} images, {CONTACT_LIMITS.maxFileBytes / MB} MB each, {CONTACT_LIMITS.maxTotalBytes / MB} MB in all.
        </p>
        {files.length ? (
          <ul className="contact-form__files" aria-label="Attached images">
            {files.map((f, i) => (
              <li key={`${f.name}-${i}`}>
                <span>{f.name}</span>
                <button type="button" className="btn btn--sm btn--ghost" aria-label={`Remove ${f.name}`} onClick={() => setFiles((xs) => xs.filter((_, j) => j !== i))}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="contact-form__actions">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" busy={isMutating}>
          SEND
        </Button>
      </div>
    </form>
  );
}
