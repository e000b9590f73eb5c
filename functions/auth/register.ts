import { DEFAULT_COLORS, ROLE } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { route } from '../../shared/routes';
import { putBrand } from '../brands/brands.repo';
import { escapeHtml, layout, sendEmail } from '../lib/email';
import { ConflictError } from '../lib/http/errors';
import { httpHandler, respond } from '../lib/http/handler';
import { hashPassword } from '../lib/password';
import { newId } from '../lib/table';
import { listRoles } from '../roles/roles.repo';
import { createUser, getUserByEmail } from '../users/users.repo';
import { createLink } from './links';

/**
 * Free registration: a new brand for the company and its BRAND_ADMIN, pending until the
 * activation link (emailed) is used. Nobody joins an existing brand by registering.
 */
export const handler = httpHandler(route('register'), async ({ body }) => {
  if (await getUserByEmail(body.email)) throw new ConflictError(MSG.emailTaken);
  const role = (await listRoles()).find((r) => r.name === ROLE.BRAND_ADMIN);
  if (!role) throw new Error('BRAND_ADMIN role is missing: the table is not seeded');
  const now = new Date().toISOString();
  const brandId = newId();
  const userId = newId();
  await createUser({
    _id: userId,
    name: `${body.firstName} ${body.lastName}`,
    firstname: body.firstName,
    lastname: body.lastName,
    email: body.email.toLowerCase(),
    passwordHash: await hashPassword(body.password),
    roles: [{ _id: role._id, name: role.name, label: role.name, value: role._id }],
    brand: brandId,
    associated_retailers: [],
    notify: true,
    user_email_bcc: '',
    emailFrequency: 'Weekly',
    policyFlag: true,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  });
  await putBrand({
    _id: brandId,
    name: body.company,
    slug: body.company.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || brandId,
    colors: { ...DEFAULT_COLORS },
    contact: { email: body.email.toLowerCase(), name: `${body.firstName} ${body.lastName}` },
    retailers: [],
    createdAt: now,
    updatedAt: now,
  });
  const link = await createLink(userId, 'activate');
  await sendEmail({
    to: [body.email],
    subject: 'Activate your account',
    html: layout(
      'Welcome',
      `<p>Hello ${escapeHtml(body.firstName)},</p><p>Your account for ${escapeHtml(body.company)} is ready. Activate it within 72 hours:</p>
<p><a href="${escapeHtml(link)}">Activate my account</a></p>`,
    ),
  });
  return respond(201, { message: MSG.registered });
});
