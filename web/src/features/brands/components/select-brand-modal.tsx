/**
 * The 'Brand User' chooser of /admin/confirm (001 §2): pick a brand, Save Changes makes the
 * admin act as that brand (its colours included) and opens the brand dashboard.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { handleError } from '../../../lib/handle-error';
import type { ActingBrand } from '../../../lib/session';
import { getBrands } from '../api/get-brands';
import { useBrandsForSelect } from '../api/get-brands-for-select';

export function SelectBrandModal({ onClose, onSelected }: { onClose: () => void; onSelected: (brand: ActingBrand) => void }) {
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
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button variant="primary" disabled={!brandId || saving} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Save Changes'}
          </Button>
        </>
      }
    >
      {isLoading ? (
        <Spinner label="Loading brands…" />
      ) : (
        <Select label="Select Brand" value={brandId} onChange={setBrandId} hint="You will see the dashboard as a user of this brand." autoFocus>
          <option value="">Choose a brand…</option>
          {options.map((b) => (
            <option key={b._id} value={b._id}>
              {b.name}
            </option>
          ))}
        </Select>
      )}
    </Modal>
  );
}
