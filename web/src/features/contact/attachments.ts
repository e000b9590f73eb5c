/** The contact form's rule for the images it attaches (000 §2; the limits the server enforces: shared/schemas/contact.ts). */
import { CONTACT_MSG } from '@shared/messages/contact';
import { CONTACT_LIMITS, IMAGE_TYPES } from '@shared/schemas/contact';

export const MB = 1024 * 1024;

/** The first problem of the chosen files, or undefined (the server checks their bytes). */
export function attachmentProblem(files: readonly File[]): string | undefined {
  if (files.length > CONTACT_LIMITS.maxFiles) return CONTACT_MSG.tooManyFiles(CONTACT_LIMITS.maxFiles);
  for (const f of files) {
    if (!(IMAGE_TYPES as readonly string[]).includes(f.type)) return CONTACT_MSG.notAnImage(f.name);
    if (f.size > CONTACT_LIMITS.maxFileBytes) return CONTACT_MSG.fileTooLarge(f.name, CONTACT_LIMITS.maxFileBytes / MB);
  }
  if (files.reduce((n, f) => n + f.size, 0) > CONTACT_LIMITS.maxTotalBytes) return CONTACT_MSG.filesTooLarge(CONTACT_LIMITS.maxTotalBytes / MB);
  return undefined;
}
