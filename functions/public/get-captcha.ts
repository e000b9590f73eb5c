import { route } from '../../shared/routes/public';
import { httpHandler } from '../http';
import { configuredCaptcha } from './captcha';

/** GET /captcha → a local challenge ({ provider: 'local', token, question, expiresAt }) or { provider: 'recaptcha', siteKey }. */
export const handler = httpHandler(route('getCaptcha'), async () => configuredCaptcha().challenge());
