/** The public forms: what other features use, the captcha field (the login's human check past the account's backstop, issue 36). */
export { CaptchaField } from './components/captcha-field';
