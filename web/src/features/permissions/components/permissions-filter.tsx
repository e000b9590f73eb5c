/**
 * The Permissions filter (001 §2, §5): by Retailer or by Brand, a select of that kind, Search and
 * Reset. Searching with nothing chosen says 'Please select retailer.' / 'Please select brand.'.
 */
import { useState } from 'react';
import { PERMISSIONS_MSG as M } from '@shared/messages/permissions';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import type { PermissionsFilter as Filter, PermissionsKind } from '../api/permissions';
import '../permissions.css';

export interface PermissionsFilterProps {
  /** The search shown now (from the URL), if any. */
  current: Filter | null;
  retailers: { _id: string; name: string }[] | undefined;
  brands: { _id: string; name: string }[] | undefined;
  onSearch: (f: Filter) => void;
  onReset: () => void;
}

export function PermissionsFilter({ current, retailers, brands, onSearch, onReset }: PermissionsFilterProps) {
  const [kind, setKind] = useState<PermissionsKind>(current?.kind ?? 'retailer');
  const [chosen, setChosen] = useState(current?.id ?? '');
  const [error, setError] = useState('');
  const options = kind === 'retailer' ? retailers : brands;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!chosen) {
      setError(kind === 'retailer' ? M.selectRetailer : M.selectBrand);
      return;
    }
    setError('');
    onSearch({ kind, id: chosen });
  };
  const reset = () => {
    setKind('retailer');
    setChosen('');
    setError('');
    onReset();
  };

  return (
    <form className="permissions__filter" role="search" aria-label="Permissions" onSubmit={submit} noValidate>
      <Select
        label="Filter by"
        value={kind}
        onChange={(v) => {
          setKind(v as PermissionsKind);
          setChosen('');
          setError('');
        }}
        className="field permissions__field"
      >
        <option value="retailer">Retailer</option>
        <option value="brand">Brand</option>
      </Select>
      <Select
        label={kind === 'retailer' ? 'Retailer' : 'Brand'}
        value={chosen}
        onChange={(v) => {
          setChosen(v);
          setError('');
        }}
        className="field permissions__field permissions__field--wide"
        invalid={!!error}
      >
        <option value="">{options ? (kind === 'retailer' ? 'Select retailer' : 'Select brand') : 'Loading…'}</option>
        {(options ?? []).map((o) => (
          <option key={o._id} value={o._id}>
            {o.name}
          </option>
        ))}
      </Select>
      <div className="permissions__buttons">
        <Button type="submit" size="sm">
          Search
        </Button>
        <Button variant="outline" size="sm" onClick={reset}>
          Reset
        </Button>
      </div>
      {error ? (
        <p className="field__error permissions__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
