/**
 * Add Contact (000 §5: first name, last name, email of a valid format and role, all required), in
 * a modal: the same zod schema as the server's checks the fields before anything is sent; the
 * server's field messages (and its 409 for an address the retailer already has) show under the
 * fields. Toast 'Contact added successfully.' and the modal closes on a 200 only.
 */
import { ADDRESS_BOOK_MSG } from '@shared/messages/address-book';
import { contactFields } from '@shared/schemas/address-book';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useAddContact } from '../api/add-contact';

const FIELDS = ['firstName', 'lastName', 'email', 'role'] as const;

export interface AddContactFormProps {
  brandId: string | undefined;
  retailerId: string;
  retailerName: string;
  onClose: () => void;
}

export function AddContactForm({ brandId, retailerId, retailerName, onClose }: AddContactFormProps) {
  const { trigger } = useAddContact(brandId, retailerId);
  const form = useSchemaForm(contactFields, { firstName: '', lastName: '', email: '', role: '' });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await trigger(values);
      notify.success(res.message || ADDRESS_BOOK_MSG.contactAdded);
      onClose();
    } catch (e) {
      showServerIssues(form, e, FIELDS, { conflict: 'email' });
      handleError(e);
    }
  });

  return (
    <Modal
      title={`Add Contact: ${retailerName}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="add-contact-form" busy={isSubmitting}>
            Add Contact
          </Button>
        </>
      }
    >
      <form id="add-contact-form" className="form" onSubmit={onSubmit} noValidate aria-label="Add Contact">
        <div className="form__grid">
          <FormField label="First Name" autoComplete="off" registration={register('firstName')} error={errors.firstName} data-autofocus />
          <FormField label="Last Name" autoComplete="off" registration={register('lastName')} error={errors.lastName} />
        </div>
        <FormField label="Email" type="email" autoComplete="off" registration={register('email')} error={errors.email} />
        <FormField label="Role" autoComplete="off" hint="e.g. Buyer, Store Manager" registration={register('role')} error={errors.role} />
      </form>
    </Modal>
  );
}
