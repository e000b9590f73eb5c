/** The public forms (000 §2, §3, §7): demo request, its captcha, bug report. This resource's part of the route table (shared/routes.ts aggregates it). */
import { contactUsBody, scheduleDemoBody } from '../schemas/public';
import { r, routeIn, type RouteDef } from './define';

export const publicRoutes = [
  r({ id: 'getCaptcha', method: 'GET', path: '/captcha', handler: 'functions/public/get-captcha.ts', access: 'public', grants: ['table:read', 'table:write'], notInSpec: 'The demo form needs a captcha that works offline locally: this issues a signed challenge locally, or names the reCAPTCHA site key in AWS (docs/decisions.md "Captcha").', publicForm: { captcha: true } }),
  r({ id: 'scheduleDemo', method: 'POST', path: '/scheduledemos', handler: 'functions/public/schedule-demo.ts', access: 'public', grants: ['table:read', 'table:write', 'email:send'], body: scheduleDemoBody, publicForm: { captcha: true, inbox: 'SALES_INBOX' } }),
  // Public: a visitor signed out can report a problem too; a valid bearer token, when sent, is recorded (docs/decisions.md "Bug report").
  r({ id: 'contactUs', method: 'POST', path: '/contact_us', handler: 'functions/public/contact-us.ts', access: 'public', grants: ['table:read', 'table:write', 'data:write', 'email:send'], multipart: true, body: contactUsBody, publicForm: { inbox: 'SUPPORT_INBOX' } }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(publicRoutes);
