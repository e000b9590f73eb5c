/**
 * `npm run create-admin -- --table <TableName output> --email you@example.com --name "First Last" [--region eu-west-1]`
 * After the first deploy: writes the three roles (idempotent) and a first ADMIN account into the
 * deployed table with the credentials of your shell, and prints a one-time password to change
 * (log in, then use "Forgot password?" or the Settings page).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';

async function main() {
  const { values } = parseArgs({ options: { table: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, region: { type: 'string' } } });
  const usage = 'Usage: npm run create-admin -- --table <TableName> --email <email> --name "<First Last>" [--region <region>]';
  if (!values.table || !values.email || !values.name) throw new Error(usage);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email)) throw new Error(`Not an email address: ${values.email}`);
  process.env.TABLE_NAME = values.table;
  if (values.region) process.env.AWS_REGION = values.region;

  const { SEED_ROLES } = await import('../local/seed');
  const { putRole, listRoles } = await import('../../functions/roles/roles.repo');
  const { createUser, getUserByEmail } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const { newUserRecord, roleRef } = await import('../../functions/users/new-user');

  const existing = new Set((await listRoles()).map((r) => r.name));
  for (const role of SEED_ROLES) if (!existing.has(role.name)) await putRole(role);
  if (await getUserByEmail(values.email)) throw new Error(`${values.email} already has an account.`);
  const admin = SEED_ROLES.find((r) => r.name === 'ADMIN')!;
  const password = randomBytes(9).toString('base64url');
  const [firstname = values.name, ...rest] = values.name.trim().split(/\s+/);
  // A site admin has no brand and no terms to accept.
  await createUser(newUserRecord({ name: values.name.trim(), firstname, lastname: rest.join(' '), email: values.email.toLowerCase(), passwordHash: await hashPassword(password), roles: [roleRef(admin)], brand: null, policyFlag: false, status: 'active' }));
  console.log(`ADMIN ${values.email.toLowerCase()} created. One-time password: ${password}\nLog in and change it.`);
}

main().catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
