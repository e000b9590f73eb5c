import * as z from 'zod';
import { CAPTCHA_REQUIRED, LINK_KINDS } from '../constants';
import { newPassword, typedPassword } from './password';
import { captchaFields, captchaResponse } from './public';
import { publicUser } from './users';

/**
 * POST /login; the messages are the spec's alternative login form (000 §5). While the account's
 * backstop holds an unknown browser (issue 36), a solved captcha too, sent as the public forms
 * send theirs: the answer (or reCAPTCHA's response) in `recaptcha`, the local challenge's token.
 */
export const loginBody = z.object({
  email: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').email('is not a valid email.'),
  password: typedPassword('This field is required.'),
  recaptcha: captchaFields.shape.recaptcha.optional(),
  captchaToken: captchaFields.shape.captchaToken,
});
/** The login form adds the spec's client-side minimum; its maximum is the password rule's (a passphrase must log in). */
export const loginForm = loginBody.extend({
  password: typedPassword('This field is required.').min(5, 'Password is too short!'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST /forgotPassword (000 §5). */
export const forgotPasswordBody = z.object({
  userName: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(30, 'Too Long!'),
  email: z.string({ error: 'Required' }).trim().min(1, 'Required').email('Enter valid email'),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** The link query of /reset-password and /activate-account. */
export const tokenQuery = z.object({ token: z.string({ error: 'Token is required.' }).min(20, 'Invalid token.').max(200, 'Invalid token.') });

/** POST /resetPassword?token= body (a reset and an activation): the one password rule. */
export const resetPasswordBody = z.object({ password: newPassword });
/** The reset/activate form: the password rule, and the confirmation must match ('please confirm your password', 000 §5). */
export const resetPasswordForm = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'please confirm your password', path: ['confirmPassword'] });

/** POST /register (000 §5). */
export const registerBody = z.object({
  email: z.string({ error: 'Email is required and format should be {email}.' }).trim().email('Email is required and format should be {email}.'),
  password: newPassword,
  firstName: z.string({ error: 'First name is required.' }).trim().min(1, 'First name is required.').max(50, 'Too Long!'),
  lastName: z.string({ error: 'Last name is required.' }).trim().min(1, 'Last name is required.').max(50, 'Too Long!'),
  company: z.string({ error: 'Company is required.' }).trim().min(1, 'Company is required.').max(100, 'Too Long!'),
});
export const registerForm = registerBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match.', path: ['confirmPassword'] });
export type RegisterBody = z.infer<typeof registerBody>;

// ── Responses (000 §7) ──────────────────────────────────────────────────────────────────────────

/** The answer of forgotPassword, resetPassword, register and logout: a message to show. */
export const messageResponse = z.object({ message: z.string() });
/** POST /login: the session token, when it ends, and the user. */
/**
 * A new session. `secondFactorRequired`: an ADMIN without a second factor (issue 26), whose session
 * opens only its setup until it is done.
 */
export const loginResponse = z.object({ token: z.string(), expiresAt: z.string(), user: publicUser, secondFactorRequired: z.literal(true).optional() });
/** POST /login's 429 while the account's backstop holds an unknown browser (issue 36): why, and the captcha to answer (GET /captcha's answer). */
export const captchaRequiredResponse = z.object({ message: z.string(), code: z.literal(CAPTCHA_REQUIRED), captcha: captchaResponse });
export type CaptchaRequiredBody = z.output<typeof captchaRequiredResponse>;
/** GET /validateToken: the link is usable (an unusable one answers 410), and what it is for. */
export const validateTokenResponse = z.object({ valid: z.boolean(), kind: z.enum(LINK_KINDS) });
