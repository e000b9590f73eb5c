import { PUBLIC_MSG } from '../../shared/messages/public';
import { route } from '../../shared/routes/public';
import { sourceIp } from '../auth';
import { sendEmail } from '../lib/email';
import { demoRequestEmail } from '../lib/email/public';
import { httpHandler } from '../http';
import { logger } from '../lib/logger';
import { configuredCaptcha } from './captcha';
import { inboxOf, limitForm, submitOnce } from './forms';
import { fingerprintOf, submissionId } from './submissions.repo';

/**
 * POST /scheduledemos (000 §3, §5, §7): the demo request, validated as the form is (shared schema),
 * limited per address and per email, the captcha verified (docs/decisions.md "Captcha"), stored
 * and emailed to the sales inbox once per request id → 'Email sent successfully'.
 */
export const handler = httpHandler(route('scheduleDemo'), async ({ body, event }) => {
  const { recaptcha, captchaToken, requestId, ...fields } = body;
  const id = submissionId(requestId);
  const createdAt = new Date().toISOString();
  const ip = sourceIp(event);
  const result = await submitOnce(
    'DEMO',
    { _id: id, fingerprint: fingerprintOf(recaptcha, captchaToken ?? ''), createdAt, ...fields },
    {
      before: async () => {
        await limitForm('DEMO', ip, fields.email);
        await configuredCaptcha().verify({ response: recaptcha, token: captchaToken }, ip);
      },
      send: async () => (await sendEmail({ to: [inboxOf('DEMO')], replyTo: [fields.email], ...demoRequestEmail(fields, { id, createdAt }) })) ?? null,
    },
  );
  logger.info('demo request', { id: result.id, retry: result.retry });
  return { message: PUBLIC_MSG.demoSent };
});
