import { route } from '../../shared/routes/public';
import { BUG_REPORT_LIMITS } from '../../shared/schemas/public';
import { multipartHttpHandler } from '../http';
import { submitBugReport } from './bug-report';

/**
 * multipart { name, email, phone, message, requestId, file[] } → { message: 'Form submitted successfully.', data: { _id } }.
 * The parser takes one file more than allowed, so that too many files is refused, not cut short;
 * it lists a repeated file field newest first, so the files are put back in the order sent.
 */
export const handler = multipartHttpHandler(route('contactUs'), async ({ body, event }) => submitBugReport(event, { ...body, files: [...body.files].reverse() }), {
  files: BUG_REPORT_LIMITS.maxFiles + 1,
  fileSize: BUG_REPORT_LIMITS.maxFileBytes + 1,
});
