import { route } from '../../shared/routes/contact';
import { httpHandler } from '../http';
import { createContactUploads } from './contact';

/**
 * { retailer_brand_scraping, files: [{ name, type, size }] } → { data: [{ key, name, url, fields }], expiresAt }:
 * one upload link (a presigned POST) per image of the email, for a retailer scan the caller may write about.
 */
export const handler = httpHandler(route('createContactUploads'), async ({ body, auth }) => createContactUploads(auth, body));
