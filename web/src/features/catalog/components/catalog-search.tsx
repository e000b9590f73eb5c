/** Manage Catalog's search by the start of a serial ('Type to search ...', Enter): hands over the trimmed text. */
import { catalogSearchForm } from '@shared/schemas/retailer-scrapings';
import { FormField } from '../../../components/ui/form-field';
import { useSchemaForm } from '../../../lib/form';

export function CatalogSearch({ onSearch }: { onSearch: (search: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(catalogSearchForm, { search: '' });
  return (
    <form className="catalog__search" role="search" onSubmit={handleSubmit(({ search }) => onSearch(search ?? ''))}>
      <FormField label="Search by serial number" type="search" placeholder="Type to search ..." registration={register('search')} error={errors.search} />
    </form>
  );
}
