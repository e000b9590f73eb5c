import { route } from '../../shared/routes/contacts-import';
import { httpHandler } from '../http';
import { importStatus } from './contacts-io';

/** The progress of an import (the wizard polls it while the import's POST runs). */
export const handler = httpHandler(route('getContactsImport'), async ({ params }) => importStatus(params.brandId, params.importId));
