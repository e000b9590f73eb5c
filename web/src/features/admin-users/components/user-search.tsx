/**
 * Manage Users' keyword search (the start of a name, an email or a brand name): Search submits
 * the trimmed keyword (the list query's own rule, at most 100 characters), Reset shows when a
 * keyword is applied and clears it.
 */
import { useEffect } from 'react';
import { listUsersQuery } from '@shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { useSchemaForm } from '../../../lib/form';

const keywordForm = listUsersQuery.pick({ keyword: true });

export function UserSearch({ keyword, onSearch }: { keyword: string | undefined; onSearch: (keyword: string | undefined) => void }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(keywordForm, { keyword: keyword ?? '' });
  // The box shows the applied keyword when the address changes it (back, forward, Reset).
  useEffect(() => reset({ keyword: keyword ?? '' }), [keyword, reset]);

  return (
    <form className="admin-users__search" role="search" onSubmit={handleSubmit((v) => onSearch(v.keyword || undefined))} noValidate>
      <FormField
        label="Search users"
        labelHidden
        fieldClassName="admin-users__keyword"
        type="search"
        placeholder="Search by name, email or brand"
        maxLength={100}
        registration={register('keyword')}
        error={errors.keyword}
      />
      <Button type="submit" variant="outline" size="sm">
        Search
      </Button>
      {keyword ? (
        <Button variant="ghost" size="sm" onClick={() => onSearch(undefined)}>
          Reset
        </Button>
      ) : null}
    </form>
  );
}
