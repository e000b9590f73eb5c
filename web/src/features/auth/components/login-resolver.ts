/**
 * The login form's validation (the spec's messages, from the shared schema). Its own module so
 * that zod is loaded when the user starts on the form, not with the login page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { loginForm } from '@shared/schemas/auth';

export const loginResolver = zodResolver(loginForm);
