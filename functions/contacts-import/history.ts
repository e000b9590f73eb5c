import { route } from '../../shared/routes/contacts-import';
import { httpHandler } from '../lib/http/handler';
import { history } from './contacts-io';

/** The brand's imported or exported files, newest first. */
export const handler = httpHandler(route('getContactsHistory'), async ({ params, query, auth }) => history(auth, params.brandId, query));
