/**
 * The flag modal (000 §2, §5; 001 §2): tabs FLAG REASON and CONTACT RETAILER (the contact
 * feature's form, given `contact`: the retailer and the scan the email is about; its subject is
 * the plural one, 000 §2 "multiple or flagging"). Flagging needs at least one reason
 * (toast 'Please select at least one field.'); a reason whose option is required (Price, Brand
 * Bio) shows its message under its dropdown until one is chosen. The modal closes on a 200 only.
 */
import { useId, useState, type FormEvent } from 'react';
import { BRAND_FLAG_REASONS, FLAG_MESSAGE_MAX, FLAG_REQUIRED_OPTION, PRODUCT_FLAG_REASONS } from '@shared/schemas/scrapings';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { handleError } from '../../../lib/handle-error';
import { ContactRetailerForm } from '../../contact/api/contact-retailer';
import { notify } from '../../../lib/notify';
import { useSetFlag, type FlagTarget } from '../api/flag';
import { RV_MSG } from '../messages';

const REASONS: Record<FlagTarget, Record<string, readonly string[]>> = { product: PRODUCT_FLAG_REASONS, brand: BRAND_FLAG_REASONS };
const required = (name: string): string | undefined => FLAG_REQUIRED_OPTION[name as keyof typeof FLAG_REQUIRED_OPTION];

export interface FlagModalProps {
  target: FlagTarget;
  id: string;
  /** What is flagged, for the title: a product name or the retailer's name. */
  subject: string;
  onClose: () => void;
  /** The CONTACT RETAILER tab's retailer and scan (a product's period, or the brand profile's scan info). */
  contact?: { retailerId: string; retailerBrandScraping: string };
  /** The tab shown first. */
  initialTab?: 'reason' | 'contact';
}

export function FlagModal({ target, id, subject, onClose, contact, initialTab = 'reason' }: FlagModalProps) {
  const base = useId();
  const reasons = REASONS[target];
  const [tab, setTab] = useState<string>(contact ? initialTab : 'reason');
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [options, setOptions] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const { trigger, isMutating } = useSetFlag(target);
  const tabs: TabItem[] = [{ id: 'reason', label: 'FLAG REASON' }, ...(contact ? [{ id: 'contact', label: 'CONTACT RETAILER' }] : [])];

  const missing = (name: string) => Boolean(ticked[name] && required(name) && !options[name]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const names = Object.keys(reasons).filter((n) => ticked[n]);
    if (!names.length) {
      notify.error(RV_MSG.selectAtLeastOne);
      return;
    }
    if (names.some(missing)) return;
    try {
      const out = await trigger({ id, body: { isFlagged: 'yes', message: message.trim(), reason: names.map((n) => ({ name: n, value: options[n] || n })) } });
      notify.success(out.message);
      onClose();
    } catch (err) {
      handleError(err);
    }
  };

  return (
    <Modal title={target === 'product' ? `Flag ${subject}` : `Flag the brand profile on ${subject}`} onClose={onClose} size={contact ? 'lg' : 'md'} className="flag-modal">
      <Tabs label="Flag" tabs={tabs} selected={tab} onSelect={setTab}>
        {tab === 'reason' ? (
          <form className="flag-form" onSubmit={submit} noValidate aria-label="Flag reason">
            <fieldset className="flag-form__reasons">
              <legend className="field__label">Why is it wrong?</legend>
              {Object.entries(reasons).map(([name, opts]) => {
                const boxId = `${base}-${name}`;
                const errorId = `${boxId}-error`;
                return (
                  <div key={name} className="flag-form__reason">
                    <label className="flag-form__check" htmlFor={boxId}>
                      <input id={boxId} type="checkbox" checked={Boolean(ticked[name])} onChange={(e) => setTicked((t) => ({ ...t, [name]: e.target.checked }))} />
                      {name}
                    </label>
                    {opts.length && ticked[name] ? (
                      <>
                        <select
                          className="field__input flag-form__option"
                          aria-label={`${name} issue`}
                          value={options[name] ?? ''}
                          aria-invalid={tried && missing(name) ? true : undefined}
                          aria-describedby={tried && missing(name) ? errorId : undefined}
                          onChange={(e) => setOptions((o) => ({ ...o, [name]: e.target.value }))}
                        >
                          <option value="">Select...</option>
                          {opts.map((o) => (
                            <option key={o} value={o}>
                              {o}
                            </option>
                          ))}
                        </select>
                        {tried && missing(name) ? (
                          <p id={errorId} className="field__error" role="alert">
                            {required(name)}
                          </p>
                        ) : null}
                      </>
                    ) : null}
                  </div>
                );
              })}
            </fieldset>
            <div className="field">
              <label className="field__label" htmlFor={`${base}-details`}>
                Details
              </label>
              <textarea id={`${base}-details`} className="field__input flag-form__details" rows={4} maxLength={FLAG_MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} />
            </div>
            <div className="flag-form__actions">
              <Button variant="ghost" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" busy={isMutating}>
                {target === 'product' ? 'Flag this product' : 'Flag this brand'}
              </Button>
            </div>
          </form>
        ) : null}
        {tab === 'contact' && contact ? (
          <ContactRetailerForm
            retailerId={contact.retailerId}
            retailerBrandScraping={contact.retailerBrandScraping}
            source={target}
            products={target === 'product' ? [id] : []}
            fromFlag
            onCancel={onClose}
            onSent={onClose}
          />
        ) : null}
      </Tabs>
    </Modal>
  );
}
