/**
 * A brand's case settings (issue 24 §4): read by the brand's users (GET), saved by a BRAND_ADMIN
 * of the brand or an ADMIN (PUT; the route's access and tenant rule). The second notice's message
 * must be an active canned message of the brand; a save over a newer one answers 409.
 */
import { CASE_SETTINGS_MSG } from '../../shared/messages/case-settings';
import type { UpdateCaseSettingsBody } from '../../shared/schemas/case-settings';
import { getBrand } from '../brands';
import { activeCannedMessageOf } from '../contact';
import type { AuthContext } from '../lib/http/auth';
import { ConflictError, NotFoundError, ValidationError } from '../lib/http/errors';
import { getCaseSettings, putCaseSettings } from './settings.repo';

export async function caseSettingsOf(brandId: string) {
  return { data: await getCaseSettings(brandId) };
}

export async function saveCaseSettings(auth: AuthContext, brandId: string, body: UpdateCaseSettingsBody) {
  if (!(await getBrand(brandId))) throw new NotFoundError(CASE_SETTINGS_MSG.brandNotFound);
  if (body.escalationMessageId !== null && !(await activeCannedMessageOf(brandId, body.escalationMessageId))) {
    throw new ValidationError(CASE_SETTINGS_MSG.messageNotFound, [{ path: 'escalationMessageId', message: CASE_SETTINGS_MSG.messageNotFound }]);
  }
  const saved = await putCaseSettings(brandId, body, auth.sub);
  if (!saved) throw new ConflictError(CASE_SETTINGS_MSG.changedMeanwhile);
  return { message: CASE_SETTINGS_MSG.saved, data: saved };
}
