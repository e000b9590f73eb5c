import { route } from '../../shared/routes/operations';
import { httpHandler } from '../http';
import { toFailureView } from './present';
import { redriveFailure } from './redrive';

/** Retry of a failed delivery (post office): sends its event again, once however many admins press it. */
export const handler = httpHandler(route('redriveFailedDelivery'), async ({ params, auth }) => {
  const { message, failure } = await redriveFailure(params.id, auth.sub);
  return { message, failure: toFailureView(failure) };
});
