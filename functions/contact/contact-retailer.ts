import { route } from '../../shared/routes/contact';
import { multipartHttpHandler } from '../http';
import { sendContactEmail } from './contact';

/**
 * multipart { subject, name, to, cc, bcc, message, source, isCanned, products, retailer_brand_scraping,
 * retailer, requestId, attachment[] } → { message: 'Email Sent Successfully.', data: { _id, messageId } }.
 * The images were uploaded first (POST /contact_retailer/attachments) and are named by their keys;
 * a file in the request itself is refused with the way to attach it (the parser reads one, to say so).
 */
export const handler = multipartHttpHandler(route('contactRetailer'), async ({ body, auth }) => sendContactEmail(auth, body), { files: 1 });
