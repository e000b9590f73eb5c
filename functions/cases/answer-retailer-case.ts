import { route } from '../../shared/routes/cases';
import { limitAddress } from '../auth';
import { httpHandler } from '../http';
import { answerRetailerCase } from './retailer-side';

/** The retailer marks a case fixed or answers with a note; counted per address and per link. */
export const handler = httpHandler(route('answerRetailerCase'), async ({ params, body, event }) => {
  await limitAddress(event);
  return answerRetailerCase(params.caseId, body);
});
