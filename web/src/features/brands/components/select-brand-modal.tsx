/**
 * The 'Brand User' chooser of /admin/confirm (001 §2): pick a brand, Save Changes makes the
 * admin act as that brand (its colours included) and opens the brand dashboard.
 */
import { useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { handleError } from '../../../lib/handle-error';
import type { ActingBrand } from '../../../lib/session';
import { getBrands } from '../api/get-brands';
import { useBrandsForSelect } from '../api/get-brands-for-select';

export function SelectBrandModal({ onClose, onSelected }: { onClose: () => void; onSelected: (brand: ActingBrand) => void }) {
  const selectId = useId();
  const { data, isLoading } = useBrandsForSelect(true);
  const [brandId, setBrandId] = useState('');
  const [saving, setSaving] = useState(false);
  const options = data?.data ?? [];

  const save = async () => {
    const chosen = options.find((b) => b._id === brandId);
    if (!chosen) return;
    setSaving(true);
    try {
      // The select list carries names only; the theme needs the brand's colours.
      const full = (await getBrands()).data.find((b) => b._id === chosen._id);
      onSelected({ _id: chosen._id, name: chosen.name, slug: chosen.slug, colors: full?.colors });
    } catch (e) {
      setSaving(false);
      handleError(e);
    }
  };

  return (
    <Modal
      title="Select Brand"
      size="sm"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Close
          </button>
          <button type="button" className="btn btn--primary" disabled={!brandId || saving} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Save Changes'}
          </button>
        </>
      }
    >
      {isLoading ? (
        <Spinner label="Loading brands…" />
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={selectId}>
            Select Brand
          </label>
          <select id={selectId} className="field__input" value={brandId} onChange={(e) => setBrandId(e.target.value)} data-autofocus>
            <option value="">Choose a brand…</option>
            {options.map((b) => (
              <option key={b._id} value={b._id}>
                {b.name}
              </option>
            ))}
          </select>
          <p className="field__hint">You will see the dashboard as a user of this brand.</p>
        </div>
      )}
    </Modal>
  );
}
