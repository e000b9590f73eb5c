/**
 * The public surface of functions/public/ (issue 23): the captcha the public forms verify, which
 * the login asks for while the account's backstop holds an unknown browser (issue 36). Re-exports only, by name.
 */
export { configuredCaptcha } from './captcha';
