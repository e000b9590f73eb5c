/**
 * The footer's bug-report modal (000 §2, §3, §5, §7): name, email and message required, phone
 * optional, several files (images or PDF, bug-report-files.tsx) → POST /contact_us, 'Form
 * submitted successfully.'. Works signed in (name and email filled from the account; the report
 * records who sent it) and signed out. The server's refusals go under their field (the files'
 * under Files) and are toasted too.
 */
import { useState } from 'react';
import { PUBLIC_MSG } from '@shared/messages/public';
import { BUG_REPORT_LIMITS, bugReportFields } from '@shared/schemas/public';
import { Button } from '../../../components/ui/button';
import { FormField, TextAreaField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-error';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useContactUs } from '../api/contact-us';
import { BugReportFiles, fileProblem } from './bug-report-files';
import { newRequestId } from './request-id';
import './public-forms.css';

const FIELDS = ['name', 'email', 'phone', 'message'] as const;

/** The server's refusal of the files (an issue under `file`, or a 413), if it is that. */
function filesRefusal(e: unknown): string | undefined {
  if (!(e instanceof ApiError)) return undefined;
  if (e.status === 413) return e.message;
  return e.issues.find((i) => i.path === 'file')?.message;
}

export function BugReportModal({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const { trigger, isMutating } = useContactUs();
  const [requestId] = useState(newRequestId);
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  const form = useSchemaForm(bugReportFields, { name: session?.user.name ?? '', email: session?.user.email ?? '', phone: '', message: '' });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const chooseFiles = (next: File[]) => {
    setFiles(next);
    setFilesError(fileProblem(next));
  };

  const onSubmit = handleSubmit(async (values) => {
    const problem = fileProblem(files);
    if (problem) {
      setFilesError(problem);
      return;
    }
    try {
      const res = await trigger({ ...values, requestId, files });
      notify.success(res.message || PUBLIC_MSG.bugReportSent);
      onClose();
    } catch (e) {
      showServerIssues(form, e, FIELDS);
      const refused = filesRefusal(e);
      if (refused) setFilesError(refused);
      handleError(e);
    }
  });

  return (
    <Modal
      title="Report a problem"
      size="md"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="bug-report-form" variant="primary" busy={isMutating}>
            {isMutating ? 'Sending…' : 'Submit'}
          </Button>
        </>
      }
    >
      <form id="bug-report-form" className="form" onSubmit={onSubmit} noValidate aria-label="Bug report">
        <p className="form__intro">Tell us what went wrong. Screenshots help: attach up to {BUG_REPORT_LIMITS.maxFiles} images or PDF files.</p>
        <div className="form__grid">
          <FormField label="Name" autoComplete="name" registration={register('name')} error={errors.name} data-autofocus />
          <FormField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
        </div>
        <FormField label="Phone (optional)" type="tel" autoComplete="tel" registration={register('phone')} error={errors.phone} />
        <TextAreaField label="Message" rows={5} registration={register('message')} error={errors.message} />
        <BugReportFiles files={files} error={filesError} onChange={chooseFiles} />
      </form>
    </Modal>
  );
}
