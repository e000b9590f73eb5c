/**
 * Single sign-on domains, proven (issue 36 item 1; docs/decisions/42-enterprise-sign-in.md), through
 * the real routes, the test stack's local authoritative DNS server (infra/local/dns-server.ts) and
 * the reports state machine's daily re-check:
 * - the squat: a brand admin adds demo.test (mandatory SSO): it stays pending, nothing routes, the
 *   demo accounts still sign in with their passwords; another brand's verified domain is refused;
 * - the record published → verified → routes; a wrong value → not verified; the record removed →
 *   the daily job unverifies it, it stops routing and the brand admins are emailed; a DNS that
 *   cannot be reached changes nothing;
 * - refused at add: public suffixes, public mail providers, the product's own domains, a
 *   subdomain and a parent of another brand's verified domain; a look-alike is another domain;
 * - two brands verifying the same domain, 40 requests at once: exactly one wins.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SSO_DNS, SSO_MSG as M } from '../../shared/messages/sso';
import { IDP_CLIENT } from '../../infra/local/oidc-idp-clients';
import { signedInAccounts } from '../support/accounts';
import { callRoute, DEMO_PASSWORD, errorBody, login, sentEmails, stack } from '../support/api';
import { seedBrand } from '../support/brands';
import { addIdpAccount, callSsoCallback, domainRecord, idpIssuer, publishTxt, removeTxt, ssoSignIn, verifyDomain } from '../support/sso';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tag = randomBytes(4).toString('hex');
const PASSWORD = 'Domains-Test-2031!';
const brandOf = (k: string) => ({ _id: `brand-ssod${k}-${tag}`, name: `Domain House ${k.toUpperCase()} ${tag}`, slug: `ssod${k}-${tag}`, domain: `ssod${k}-${tag}.example` });
/** The squatter; a brand verifying; the re-checked one; the one that verifies a subdomain; the two racers. */
const Q = brandOf('q');
const V = brandOf('v');
const L = brandOf('l');
const P = brandOf('p');
const X = brandOf('x');
const Y = brandOf('y');
let admin = '';
/** Brand admins of Q and L (addresses outside every SSO domain). */
let qAdmin = '';
let lAdmin = '';
let lAdminEmail = '';
let runJob: (input: { job: string; period?: string; brands?: string[] }) => Promise<{ results: { brand: string; status: string; error?: string }[] }>;

const settings = (domains: string[], over: Record<string, unknown> = {}) => ({ protocol: 'oidc', issuer: idpIssuer(), clientId: IDP_CLIENT.id, clientSecret: IDP_CLIENT.secret, domains, jit: 'create', mandatory: false, ...over });
const put = (token: string, b: { _id: string }, domains: string[], over: Record<string, unknown> = {}) => callRoute('updateSso', { token, params: { brandId: b._id }, body: settings(domains, over) });
const method = async (email: string) => (await callRoute('loginMethod', { body: { email } })).body;
const verify = (token: string, b: { _id: string }, domain: string) => callRoute('verifySsoDomain', { token, params: { brandId: b._id, domain } });
const statusOf = async (token: string, b: { _id: string }, domain: string) => (await callRoute('getSso', { token, params: { brandId: b._id } })).body.domainStatus.find((d) => d.domain === domain);

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  for (const b of [Q, V, L, P, X, Y]) await seedBrand({ _id: b._id, name: b.name, slug: b.slug, contact: { email: `it@${b.domain}`, name: 'IT' }, company_email_bcc: '' }, [], []);
  admin = await login('admin@demo.test');
  ({ qa: qAdmin } = await signedInAccounts(Q._id, PASSWORD, { qa: { _id: `user-ssodq-${tag}`, email: `qa-${tag}@qhouse-${tag}.test`, role: 'BRAND_ADMIN' } }));
  lAdminEmail = `la-${tag}@lhouse-${tag}.test`;
  ({ la: lAdmin } = await signedInAccounts(L._id, PASSWORD, { la: { _id: `user-ssodl-${tag}`, email: lAdminEmail, role: 'BRAND_ADMIN' } }));
  const { runReportsJob } = await import('../../infra/local/jobs');
  runJob = (input) => runReportsJob(root, input as never) as never;
}, 120_000);

describe('the demo', () => {
  it("has its two single sign-on brands' domains verified by their records in the local DNS", async () => {
    for (const [brandId, domain] of [['brand-castellane', 'castellane.example'], ['brand-maison-aurelle', 'maisonaurelle.example']] as const) {
      const d = await statusOf(admin, { _id: brandId }, domain);
      expect(d, domain).toMatchObject({ status: 'verified', record: { type: 'TXT', name: `${SSO_DNS.recordPrefix}.${domain}` }, problem: null });
      expect(d?.verifiedAt).toBeTruthy();
    }
    expect(await method('camille.roux@castellane.example')).toMatchObject({ method: 'sso', passwordAllowed: false });
  });
});

describe('a domain is pending until its record is seen', () => {
  it("the squat: a brand admin adds demo.test with SSO mandatory: pending, nothing routes, the demo accounts sign in with their passwords; another brand's verified domain is refused", async () => {
    const saved = await put(qAdmin, Q, [Q.domain, 'Demo.Test'], { mandatory: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(M.savedPending);
    const squat = saved.body.domainStatus.find((d) => d.domain === 'demo.test')!;
    expect(squat).toMatchObject({ status: 'pending', verifiedAt: null, record: { type: 'TXT', name: '_retailer-audit-verification.demo.test' } });
    expect(squat.record.value).toMatch(/^retailer-audit-verification=[0-9a-f]{32}$/);

    for (const email of ['admin@demo.test', 'brandadmin@demo.test', 'user@demo.test']) expect(await method(email), email).toEqual({ method: 'password' });
    for (const email of ['brandadmin@demo.test', 'user@demo.test']) {
      const res = await callRoute('login', { body: { email, password: DEMO_PASSWORD } });
      expect(res.status, email).toBe(200);
      expect(res.body).toHaveProperty('token');
    }
    // The admin's password is still taken: its second step follows, not SSO_REQUIRED.
    const adminLogin = await callRoute('login', { body: { email: 'admin@demo.test', password: DEMO_PASSWORD } });
    expect(adminLogin.status).toBe(200);
    expect(adminLogin.body).toMatchObject({ mfaRequired: true });
    // Forgot-password is not refused for the domain (an unknown address of it: nothing is sent, no other suite's email count moves).
    expect((await callRoute('forgotPassword', { body: { email: `ghost-${tag}@demo.test`, userName: 'Ghost' } })).status).toBe(200);
    expect(await callSsoCallback(`${stack().url}/api/sso/start?email=user@demo.test`)).toEqual({ error: 'notConfigured' });

    // Checking it finds no record: still pending, told what to publish.
    const check = await verify(qAdmin, Q, 'demo.test');
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ verified: false, message: M.domainRecordMissing('demo.test', squat.record.name, squat.record.value), domain: { status: 'pending' } });
    expect(check.body.domain.lastCheckedAt).toBeTruthy();
    expect(await method('user@demo.test')).toEqual({ method: 'password' });

    // Another brand's verified domain cannot even be added.
    const taken = await put(qAdmin, Q, [Q.domain, 'demo.test', 'castellane.example'], { mandatory: true });
    expect(taken.status).toBe(400);
    expect(errorBody(taken).issues).toEqual([{ path: 'domains.2', message: M.domainTaken('castellane.example') }]);
    expect(await method('camille.roux@castellane.example')).toMatchObject({ method: 'sso', label: 'Castellane Paris' });
    expect((await put(qAdmin, Q, [Q.domain], { mandatory: true })).status).toBe(200);
  });

  it('counts once its record is published with its value: a wrong value is not enough; then it routes and signs in', async () => {
    expect((await put(admin, V, [V.domain])).status).toBe(200);
    const record = await domainRecord(admin, V._id, V.domain);
    await publishTxt(record.name, `${SSO_DNS.valuePrefix}${'0'.repeat(32)}`);
    const wrong = await verify(admin, V, V.domain);
    expect(wrong.body).toMatchObject({ verified: false, message: M.domainRecordWrong(V.domain, record.name, record.value), domain: { status: 'pending', problem: M.domainRecordWrong(V.domain, record.name, record.value) } });
    expect(await method(`someone@${V.domain}`)).toEqual({ method: 'password' });
    const email = `vera-${tag}@${V.domain}`;
    await addIdpAccount({ email });
    // Even a sign-in started elsewhere and finished at the provider is refused for a pending domain.
    expect(await callSsoCallback(`${stack().url}/api/sso/start?email=${encodeURIComponent(email)}`)).toEqual({ error: 'notConfigured' });

    await publishTxt(record.name, record.value);
    const ok = await verify(admin, V, V.domain.toUpperCase());
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ verified: true, message: M.domainVerified(V.domain), domain: { domain: V.domain, status: 'verified', problem: null } });
    expect(ok.body.domain.verifiedAt).toBeTruthy();
    expect(await method(`someone@${V.domain}`)).toMatchObject({ method: 'sso', label: V.name });
    expect(await ssoSignIn(email)).toHaveProperty('code');
    // A pending domain of the same brand proves nothing: the provider's account of it is refused at the end of a sign-in started with the verified one.
    const pending = `pend-${tag}.example`;
    expect((await put(admin, V, [V.domain, pending])).status).toBe(200);
    await addIdpAccount({ email: `vera@${pending}` });
    expect(await ssoSignIn(`vera-${tag}@${V.domain}`, `vera@${pending}`)).toEqual({ error: 'wrongDomain' });
    expect((await put(admin, V, [V.domain])).status).toBe(200);
    // Checked again: still verified.
    expect((await verify(admin, V, V.domain)).body).toMatchObject({ verified: true, message: M.domainStillVerified(V.domain) });
    // A domain the brand did not add: 404.
    const other = await verify(admin, V, `nope-${tag}.example`);
    expect(other.status).toBe(404);
    expect(errorBody(other).message).toBe(M.domainNotListed(`nope-${tag}.example`));
  });

  it('stops counting when the brand drops it', async () => {
    const spare = `spare-${tag}.example`;
    expect((await put(admin, V, [V.domain, spare])).status).toBe(200);
    await verifyDomain(admin, V._id, spare);
    expect(await method(`a@${spare}`)).toMatchObject({ method: 'sso' });
    expect((await put(admin, V, [V.domain])).status).toBe(200);
    expect(await method(`a@${spare}`)).toEqual({ method: 'password' });
    const { domainOwner } = await import('../../functions/sso/sso.repo');
    expect(await domainOwner(spare)).toBeUndefined();
  });
});

describe('the daily re-check (the sso-domains job)', () => {
  it('unverifies a domain whose record is gone: it stops routing at once and the brand admins are emailed, once; the record back, the job verifies it again without a click', async () => {
    expect((await put(admin, L, [L.domain], { mandatory: true })).status).toBe(200);
    await verifyDomain(admin, L._id, L.domain);
    expect(await method(`x@${L.domain}`)).toMatchObject({ method: 'sso', passwordAllowed: false });
    const record = await domainRecord(admin, L._id, L.domain);
    const day = new Date().toISOString().slice(0, 10);

    // Published: the job keeps it.
    expect((await runJob({ job: 'sso-domains', period: day, brands: [L._id] })).results).toEqual([expect.objectContaining({ brand: L._id, status: 'done' })]);
    expect((await statusOf(admin, L, L.domain))?.status).toBe('verified');

    await removeTxt(record.name);
    const before = (await sentEmails()).length;
    const run = await runJob({ job: 'sso-domains', period: day, brands: [L._id] });
    expect(run.results).toEqual([expect.objectContaining({ brand: L._id, status: 'done' })]);
    expect(await method(`x@${L.domain}`)).toEqual({ method: 'password' });
    const { domainOwner, verifiedUnder } = await import('../../functions/sso/sso.repo');
    expect(await domainOwner(L.domain)).toBeUndefined();
    expect((await verifiedUnder(L.domain)).domains).toEqual([]);
    const lost = await statusOf(lAdmin, L, L.domain);
    expect(lost).toMatchObject({ status: 'pending', verifiedAt: null, problem: M.domainLost(L.domain, record.name, record.value), record });
    // A password works again for the domain (no SSO to require).
    expect((await callRoute('login', { body: { email: `ghost-${tag}@${L.domain}`, password: PASSWORD } })).status).toBe(401);

    const mails = (await sentEmails()).slice(before).filter((e) => e.destination.to.includes(lAdminEmail));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Single sign-on of ${L.name}: ${L.domain} is no longer verified`);
    expect(mails[0]!.body.html).toContain(record.name);
    expect(mails[0]!.body.html).toContain(record.value);
    // Run again the same day: no second email.
    await runJob({ job: 'sso-domains', period: day, brands: [L._id] });
    expect((await sentEmails()).slice(before).filter((e) => e.destination.to.includes(lAdminEmail))).toHaveLength(1);

    // The record published again: the next run verifies it (the same token), no click needed.
    await publishTxt(record.name, record.value);
    await runJob({ job: 'sso-domains', period: day, brands: [L._id] });
    expect((await statusOf(admin, L, L.domain))?.status).toBe('verified');
    expect(await method(`x@${L.domain}`)).toMatchObject({ method: 'sso' });
  });

  it('changes nothing when the DNS cannot be reached (a transient failure), but records it', async () => {
    const { checkDomain } = await import('../../functions/sso/verification');
    const kept = process.env.DNS_SERVERS;
    // Nothing listens there: the resolver is refused, as when a DNS is down.
    process.env.DNS_SERVERS = '127.0.0.1:9';
    try {
      const check = await checkDomain(L._id, L.domain, new Date().toISOString());
      expect(check).toMatchObject({ outcome: 'unreachable', message: M.domainDnsUnreachable(L.domain), verification: { status: 'verified', problem: M.domainDnsUnreachable(L.domain) } });
    } finally {
      process.env.DNS_SERVERS = kept;
    }
    expect(await method(`x@${L.domain}`)).toMatchObject({ method: 'sso' });
    // The next check clears the problem.
    expect((await verify(admin, L, L.domain)).body).toMatchObject({ verified: true, domain: { problem: null } });
  });
});

describe('refused at add', () => {
  it('public suffixes, public mail providers, the product\'s own domains, a subdomain and a parent of another brand\'s verified domain', async () => {
    const team = `team.${P.domain}`;
    expect((await put(admin, P, [team])).status).toBe(200);
    await verifyDomain(admin, P._id, team);
    const cases: [string, string][] = [
      ['co.uk', M.domainSuffix('co.uk')],
      ['github.io', M.domainSuffix('github.io')],
      ['yahoo.co.uk', M.domainPublic('yahoo.co.uk')],
      ['outlook.de', M.domainPublic('outlook.de')],
      ['mail.ru', M.domainPublic('mail.ru')],
      ['gmail.com', M.domainPublic('gmail.com')],
      // The sender's domain (SES_FROM no-reply@retailer-audit.local), a subdomain of it.
      ['retailer-audit.local', M.domainProduct('retailer-audit.local')],
      ['mail.retailer-audit.local', M.domainProduct('mail.retailer-audit.local')],
      [`x.${team}`, M.domainRelated(`x.${team}`, team)],
      [P.domain, M.domainRelated(P.domain, team)],
      [team, M.domainTaken(team)],
      ['eu.castellane.example', M.domainRelated('eu.castellane.example', 'castellane.example')],
    ];
    for (const [domain, message] of cases) {
      const res = await put(admin, Q, [Q.domain, domain]);
      expect(res.status, domain).toBe(400);
      expect(errorBody(res).issues, domain).toEqual([{ path: 'domains.1', message }]);
    }
    // A sibling under the same registrable domain is another company's team: allowed (pending).
    expect((await put(admin, Q, [Q.domain, `other.${P.domain}`])).status).toBe(200);
    // A look-alike in another script is another domain: saved as its own punycode, pending, routing nothing.
    const lookAlike = 'c\u0430stellane.example';
    const saved = await put(admin, Q, [Q.domain, lookAlike]);
    expect(saved.status).toBe(200);
    const ascii = new URL(`http://${lookAlike}`).hostname;
    expect(saved.body.domains).toEqual([Q.domain, ascii]);
    expect(await method(`x@${ascii}`)).toEqual({ method: 'password' });
    expect((await put(admin, Q, [Q.domain])).status).toBe(200);
  });
});

describe('two brands verifying the same domain', () => {
  it('40 requests at once, both records published: exactly one brand wins, the other is told it is taken', async () => {
    const race = `race-${tag}.example`;
    for (const b of [X, Y]) {
      expect((await put(admin, b, [race])).status).toBe(200);
      const r = await domainRecord(admin, b._id, race);
      await publishTxt(r.name, r.value);
    }
    const calls = Array.from({ length: 40 }, (_, i) => (i % 2 ? X : Y)).map(async (b) => ({ brand: b._id, res: await verify(admin, b, race) }));
    const answers = await Promise.all(calls);
    for (const a of answers) expect(a.res.status, JSON.stringify(a.res.body)).toBe(200);
    const winners = new Set(answers.filter((a) => a.res.body.verified).map((a) => a.brand));
    expect(winners.size).toBe(1);
    const [winner] = [...winners];
    for (const a of answers) {
      if (a.brand === winner) expect(a.res.body.verified).toBe(true);
      else expect(a.res.body).toMatchObject({ verified: false, message: M.domainTaken(race) });
    }
    const { domainOwner } = await import('../../functions/sso/sso.repo');
    expect(await domainOwner(race)).toBe(winner);
    const loser = winner === X._id ? Y : X;
    expect(await statusOf(admin, loser, race)).toMatchObject({ status: 'pending', problem: M.domainTaken(race) });
    expect(await method(`a@${race}`)).toMatchObject({ method: 'sso', label: winner === X._id ? X.name : Y.name });
  });
});
