import { route } from '../../shared/routes/contact';
import { CONTACT_LIMITS } from '../../shared/schemas/contact';
import { multipartHttpHandler } from '../lib/http/multipart-handler';
import { sendContactEmail } from './contact';

/**
 * multipart { subject, name, to, cc, bcc, message, source, isCanned, products, retailer_brand_scraping,
 * retailer, requestId, file[] } → { message: 'Email Sent Successfully.', data: { _id, messageId } }.
 * The parser takes one file more than allowed, so that too many files is refused, not cut short;
 * it lists a repeated file field newest first, so the files are put back in the order sent.
 */
export const handler = multipartHttpHandler(route('contactRetailer'), async ({ body, auth }) => sendContactEmail(auth, { ...body, files: [...body.files].reverse() }), {
  files: CONTACT_LIMITS.maxFiles + 1,
});
