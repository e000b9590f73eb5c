/** POST /contact_us (000 §7): multipart name, email, phone, message, requestId and file[]; the session's token goes along when there is one. */
import useSWRMutation from 'swr/mutation';
import { apiForm } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';

export interface BugReport {
  name: string;
  email: string;
  phone: string;
  message: string;
  requestId: string;
  files: File[];
}

export function bugReportForm(b: BugReport): FormData {
  const fd = new FormData();
  fd.append('name', b.name);
  fd.append('email', b.email);
  fd.append('phone', b.phone);
  fd.append('message', b.message);
  fd.append('requestId', b.requestId);
  for (const f of b.files) fd.append('file[]', f, f.name);
  return fd;
}

export function useContactUs() {
  return useSWRMutation('contact-us', async (_key, { arg }: { arg: BugReport }) => apiForm('contactUs', bugReportForm(arg)), MUTATION_OPTIONS);
}
