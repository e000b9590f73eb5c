/**
 * The edit modal of the User Retailer List (001 §2): every retailer, sorted by name, with a
 * checkbox ticked when it is enabled for the brand ("Currently Enabled in Dashboard"); Cancel and
 * Update. Update sends only the retailers whose tick changed, with the version of the brand the
 * modal was opened on: if another admin saved the brand meanwhile the server refuses (409) and
 * the modal says so (the list is read again). Success: the toast 'Successfully updated'.
 */
import { useMemo, useState } from 'react';
import { BRAND_MSG } from '@shared/schemas/brand-settings';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { changedEntries, useSaveBrandRetailers, type BrandRow } from '../api/admin-brands';
import '../brand-retailers.css';

export interface RetailerChecklistModalProps {
  brand: BrandRow;
  /** Every retailer, by name (GET /retailers); undefined while loading. */
  retailers: { _id: string; name: string }[] | undefined;
  onClose: () => void;
}

export function RetailerChecklistModal({ brand, retailers, onClose }: RetailerChecklistModalProps) {
  const [checked, setChecked] = useState<Set<string>>(() => new Set(brand.retailers.filter((r) => r.flag !== false).map((r) => r.retailer)));
  const [formError, setFormError] = useState('');
  const save = useSaveBrandRetailers();
  const sorted = useMemo(() => [...(retailers ?? [])].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })), [retailers]);

  const toggle = (id: string) =>
    setChecked((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const update = async () => {
    setFormError('');
    const entries = changedEntries(brand.retailers, checked, sorted.map((r) => r._id));
    try {
      const res = await save.trigger({ brandId: brand._id, retailers: entries, retailersVersion: brand.retailersVersion ?? 0 });
      notify.success(res.message || BRAND_MSG.updated);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 404 || err.status === 409)) {
        setFormError(err.message);
        return;
      }
      handleError(err);
    }
  };

  return (
    <Modal
      title={`Allowed retailers of ${brand.name}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void update()} busy={save.isMutating} disabled={!retailers}>
            Update
          </Button>
        </>
      }
    >
      {formError ? (
        <p className="brand-retailers__error" role="alert">
          {formError}
        </p>
      ) : null}
      {!retailers ? (
        <Spinner label="Loading retailers…" />
      ) : (
        <fieldset className="brand-retailers__checks">
          <legend>Ticked: Currently Enabled in Dashboard. Unticking hides the retailer from the brand; its history is kept.</legend>
          {sorted.map((r, i) => (
            <label key={r._id} className="brand-retailers__check">
              <input type="checkbox" checked={checked.has(r._id)} onChange={() => toggle(r._id)} {...(i === 0 ? { 'data-autofocus': true } : {})} />
              {r.name}
            </label>
          ))}
          {sorted.length === 0 ? <p>No retailers yet.</p> : null}
        </fieldset>
      )}
    </Modal>
  );
}
