import { route } from '../../shared/routes/contacts-import';
import { httpHandler } from '../http';
import { history } from './contacts-io';

/** The brand's imported or exported files, newest first. */
export const handler = httpHandler(route('getContactsHistory'), async ({ params, query, auth }) => history(auth, params.brandId, query));
