/**
 * The add / edit modal of the Retailer List (001 §2): Name, Opt ID, Slug and Website with Clear
 * and Save. Each field shows its own message (the shared schema's, the server's for a taken name,
 * Opt ID or slug, or a slug locked by robot files); nothing is sent until every field passes.
 * On add, the slug follows the name until it is typed in.
 */
import { useId, useState } from 'react';
import { RETAILER_MSG } from '@shared/messages/retailers';
import { retailerBody, type RetailerInput } from '@shared/schemas/retailers';
import { slugify } from '@shared/slug';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-error';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useSaveRetailer, type RetailerRow } from '../api/admin-retailers';
import '../retailers.css';

const FIELDS = ['name', 'optId', 'slug', 'website'] as const;
const EMPTY: RetailerInput = { name: '', optId: '', slug: '', website: '' };

export interface RetailerFormModalProps {
  /** The retailer being edited; none: a new one. */
  retailer?: RetailerRow;
  onClose: () => void;
}

export function RetailerFormModal({ retailer, onClose }: RetailerFormModalProps) {
  const editing = !!retailer;
  const form = useSchemaForm(retailerBody, retailer ? { name: retailer.name, optId: retailer.optId, slug: retailer.slug, website: retailer.website } : EMPTY);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    clearErrors,
    reset,
    formState: { errors },
  } = form;
  const [slugTouched, setSlugTouched] = useState(editing);
  const save = useSaveRetailer();
  const formId = `${useId()}-form`;
  const title = editing ? 'Edit Retailer' : 'Add Retailer';

  const clear = () => {
    reset(EMPTY);
    setSlugTouched(editing);
  };

  // The values as typed are sent (the server trims and upper-cases the Opt ID itself), as before.
  const onSubmit = handleSubmit(async () => {
    try {
      const res = await save.trigger({ id: retailer?._id, body: getValues() });
      notify.success(res.message || (editing ? RETAILER_MSG.updated : RETAILER_MSG.added));
      onClose();
    } catch (err) {
      if (showServerIssues(form, err, FIELDS)) return;
      // A refusal naming no field (a retailer gone meanwhile, a conflict) is said above the fields.
      if (err instanceof ApiError && (err.status === 400 || err.status === 404 || err.status === 409)) form.setError('root.server', { type: 'server', message: err.message });
      else handleError(err);
    }
  });

  const name = register('name', {
    onChange: (e: { target: { value: string } }) => {
      if (slugTouched) return;
      setValue('slug', slugify(e.target.value));
      clearErrors('slug');
    },
  });
  const slug = register('slug', { onChange: () => setSlugTouched(true) });
  const common = { autoComplete: 'off', spellCheck: false } as const;

  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={clear}>
            Clear
          </Button>
          <Button type="submit" form={formId} busy={save.isMutating}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} className="form retailer-form" onSubmit={onSubmit} noValidate aria-label={title}>
        {errors.root?.server?.message ? (
          <p className="retailer-form__error" role="alert">
            {errors.root.server.message}
          </p>
        ) : null}
        <FormField label="Name" registration={name} error={errors.name} {...common} data-autofocus />
        <FormField label="Opt ID" hint="The Customer ID of the on-hand feeds." registration={register('optId')} error={errors.optId} {...common} />
        <FormField label="Slug" hint="Lower-case letters, digits and hyphens: the robots' drop folder." registration={slug} error={errors.slug} {...common} />
        <FormField label="Website" type="url" placeholder="https://" registration={register('website')} error={errors.website} {...common} />
      </form>
    </Modal>
  );
}
