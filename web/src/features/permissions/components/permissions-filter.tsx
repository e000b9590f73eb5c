/**
 * The Permissions filter (001 §2, §5): by Retailer or by Brand, a select of that kind, Search and
 * Reset. Searching with nothing chosen says 'Please select retailer.' / 'Please select brand.'
 * under the select (the shared `permissionsFilterForm`).
 */
import { permissionsFilterForm } from '@shared/schemas/permissions';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/form-field';
import { useSchemaForm } from '../../../lib/form';
import type { PermissionsFilter as Filter } from '../api/permissions';
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
  const { register, handleSubmit, watch, setValue, clearErrors, reset, formState } = useSchemaForm(permissionsFilterForm, { kind: current?.kind ?? 'retailer', id: current?.id ?? '' });
  const kind = watch('kind');
  const options = kind === 'retailer' ? retailers : brands;

  return (
    <form className="permissions__filter" role="search" aria-label="Permissions" onSubmit={handleSubmit(onSearch)} noValidate>
      <SelectField
        label="Filter by"
        fieldClassName="permissions__field"
        registration={register('kind', {
          onChange: () => {
            setValue('id', '');
            clearErrors();
          },
        })}
      >
        <option value="retailer">Retailer</option>
        <option value="brand">Brand</option>
      </SelectField>
      {/* Remounted once its options are in: a native select shows its value (from the URL) only among its options. */}
      <SelectField
        key={options ? kind : 'loading'}
        label={kind === 'retailer' ? 'Retailer' : 'Brand'}
        fieldClassName="permissions__field permissions__field--wide"
        registration={register('id', { onChange: () => clearErrors('id') })}
        error={formState.errors.id}
      >
        <option value="">{options ? (kind === 'retailer' ? 'Select retailer' : 'Select brand') : 'Loading…'}</option>
        {(options ?? []).map((o) => (
          <option key={o._id} value={o._id}>
            {o.name}
          </option>
        ))}
      </SelectField>
      <div className="permissions__buttons">
        <Button type="submit" size="sm">
          Search
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            reset({ kind: 'retailer', id: '' });
            onReset();
          }}
        >
          Reset
        </Button>
      </div>
    </form>
  );
}
