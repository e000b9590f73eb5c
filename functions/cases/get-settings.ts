import { route } from '../../shared/routes/cases';
import { httpHandler } from '../http';
import { caseSettingsOf } from './settings';

/** The brand's case settings: price tolerance, overdue days, escalation (the defaults until saved). */
export const handler = httpHandler(route('getCaseSettings'), async ({ params }) => caseSettingsOf(params.brandId));
