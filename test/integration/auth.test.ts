import { describe, expect, it } from 'vitest';
import { asSession, callRoute, DEMO_PASSWORD, errorBody, login, sentEmails } from '../support/api';

describe('POST /login', () => {
  it('returns a token and the user with roles and brand', async () => {
    const res = await callRoute('login', { body: { email: 'brandadmin@demo.test', password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(asSession(res.body).token).toMatch(/^ey/);
    expect(asSession(res.body).user.email).toBe('brandadmin@demo.test');
    expect(asSession(res.body).user.roles[0]?.name).toBe('BRAND_ADMIN');
    expect(asSession(res.body).user.brand).toMatchObject({ name: 'Maison Aurelle', colors: { bgColor: '#333131', textColor: '#ffffff' } });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|scrypt/);
  });

  it('is case-insensitive on the email', async () => {
    const res = await callRoute('login', { body: { email: 'ADMIN@Demo.Test', password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
  });

  it('rejects a wrong password with 401 and the same message as an unknown account', async () => {
    const wrong = await callRoute('login', { body: { email: 'user@demo.test', password: 'nope-nope' } });
    const unknown = await callRoute('login', { body: { email: 'nobody@demo.test', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(errorBody(wrong).message).toBe(errorBody(unknown).message);
  });

  it('validates with the spec messages', async () => {
    const res = await callRoute('login', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(errorBody(res).issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'is not a valid email.' },
        { path: 'password', message: 'This field is required.' },
      ]),
    );
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await callRoute('login', { body: undefined, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    const bad = await fetch(`${(await import('../support/api')).stack().url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('Invalid JSON body.');
  });
});

describe('account lock after repeated failures', () => {
  it('locks after 5 failures, even for the right password', async () => {
    const email = `lock-${Date.now()}@demo.test`;
    expect((await callRoute('register', { body: { email, password: 'secret-1', firstName: 'Lo', lastName: 'Ck', company: 'Lock Co' } })).status).toBe(201);
    const mail = (await sentEmails()).reverse().find((m) => m.destination.to.includes(email));
    const token = /activate-account\?token=([A-Za-z0-9_-]+)/.exec(mail?.body.html ?? '')?.[1];
    expect((await callRoute('resetPassword', { query: { token }, body: { password: 'secret-1' } })).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const r = await callRoute('login', { body: { email, password: `wrong-${i}` } });
      expect(r.status).toBe(401);
    }
    const locked = await callRoute('login', { body: { email, password: 'secret-1' } });
    expect(locked.status).toBe(429);
    expect(errorBody(locked).message).toMatch(/Too many failed logins/);
  });
});

describe('forgot and reset password', () => {
  it('emails a single-use link that resets the password', async () => {
    // An account of its own: a reset ends every session of the account, and other files use the demo ones.
    const email = `reset-${Date.now()}@demo.test`;
    expect((await callRoute('register', { body: { email, password: 'secret-1', firstName: 'Re', lastName: 'Set', company: `Reset Co ${Date.now()}` } })).status).toBe(201);
    const activation = (await sentEmails()).reverse().find((m) => m.destination.to.includes(email));
    const activate = /activate-account\?token=([A-Za-z0-9_-]+)/.exec(activation?.body.html ?? '')?.[1];
    expect((await callRoute('resetPassword', { query: { token: activate }, body: { password: 'secret-1' } })).status).toBe(200);

    const forgot = await callRoute('forgotPassword', { body: { email, userName: 'Reset' } });
    expect(forgot.status).toBe(200);
    expect(forgot.body.message).toBe('Please check your Email to reset your Password');
    const mail = (await sentEmails()).reverse().find((m) => m.destination.to.includes(email) && m.subject === 'Reset your password');
    expect(mail).toBeDefined();
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.body.html ?? '')?.[1];
    expect(token).toBeTruthy();

    const valid = await callRoute('validateToken', { query: { token } });
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ valid: true, kind: 'reset' });

    const reset = await callRoute('resetPassword', { query: { token }, body: { password: DEMO_PASSWORD } });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Your Password has been Successfully reset');

    const again = await callRoute('resetPassword', { query: { token }, body: { password: 'Other-2031!' } });
    expect(again.status).toBe(410);
    expect(errorBody(again).message).toBe('Your Session has been expired');
    expect((await callRoute('validateToken', { query: { token } })).status).toBe(410);
    expect((await callRoute('login', { body: { email, password: DEMO_PASSWORD } })).status).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = (await sentEmails()).length;
    const res = await callRoute('forgotPassword', { body: { email: 'ghost@demo.test', userName: 'Ghost' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Please check your Email to reset your Password');
    expect((await sentEmails()).length).toBe(before);
  });

  it('validates the forgot-password form with the spec messages', async () => {
    const res = await callRoute('forgotPassword', { body: { email: 'x', userName: 'a' } });
    expect(res.status).toBe(400);
    expect(errorBody(res).issues).toEqual(expect.arrayContaining([{ path: 'email', message: 'Enter valid email' }, { path: 'userName', message: 'Too Short!' }]));
  });
});

describe('POST /register', () => {
  it('creates a pending brand admin, emails an activation link, and activation enables login', async () => {
    const email = `new-${Date.now()}@demo.test`;
    const res = await callRoute('register', { body: { email, password: 'secret-1', firstName: 'Iris', lastName: 'Nouveau', company: 'Nouveau Atelier' } });
    expect(res.status).toBe(201);
    expect((await callRoute('login', { body: { email, password: 'secret-1' } })).status).toBe(403);
    const mail = (await sentEmails()).reverse().find((m) => m.destination.to.includes(email));
    const token = /activate-account\?token=([A-Za-z0-9_-]+)/.exec(mail?.body.html ?? '')?.[1];
    expect(token).toBeTruthy();
    expect((await callRoute('validateToken', { query: { token } })).body.kind).toBe('activate');
    expect((await callRoute('resetPassword', { query: { token }, body: { password: 'secret-2' } })).status).toBe(200);
    const ok = await callRoute('login', { body: { email, password: 'secret-2' } });
    expect(ok.status).toBe(200);
    expect(asSession(ok.body).user).toMatchObject({ roles: [{ name: 'BRAND_ADMIN' }], brand: { name: 'Nouveau Atelier' }, policyFlag: true });
  });

  it('validates with the spec messages', async () => {
    const bad = await callRoute('register', { body: { email: 'x', password: '123', firstName: '', lastName: '', company: '' } });
    expect(bad.status).toBe(400);
    expect(errorBody(bad).issues?.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        'Email is required and format should be {email}.',
        'You must enter a password of at least 6 characters.',
        'First name is required.',
        'Last name is required.',
        'Company is required.',
      ]),
    );
  });
});

describe('PUT /updateUserPolicy/{userId}', () => {
  it('lets a user accept the terms for themself only', async () => {
    const token = await login('user@demo.test');
    expect((await callRoute('updateUserPolicy', { token, params: { userId: 'user-brandadmin' }, body: { policyFlag: false } })).status).toBe(403);
    const res = await callRoute('updateUserPolicy', { token, params: { userId: 'user-user' }, body: { policyFlag: false } });
    expect(res.status).toBe(200);
    expect(res.body.user.policyFlag).toBe(false);
  });
});
