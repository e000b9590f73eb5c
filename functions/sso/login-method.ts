import { route } from '../../shared/routes/sso';
import { limitAddress } from '../auth';
import { httpHandler } from '../http';
import { ssoForEmail } from './domains';

/**
 * The email-first step (issue 26): password, or the brand's single sign-on of the email's domain.
 * By the domain only (GetItem SSODOMAIN#): an unknown account and a known one answer alike.
 */
export const handler = httpHandler(route('loginMethod'), async ({ body, event }) => {
  await limitAddress(event);
  const sso = await ssoForEmail(body.email);
  if (!sso) return { method: 'password' as const };
  return { method: 'sso' as const, label: sso.label, startUrl: `/api/sso/start?${new URLSearchParams({ email: body.email.toLowerCase() })}`, passwordAllowed: !sso.config.mandatory };
});
