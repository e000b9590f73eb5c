/** A new account's record (functions/users/new-user.ts): the defaults every way of making an account shares. */
import { describe, expect, it } from 'vitest';
import { newUserRecord, roleRef } from '../../../functions/users/new-user';

const base = { firstname: 'Hélène', lastname: 'Morel', email: 'helene@example.com', passwordHash: 'h', roles: [roleRef({ _id: 'r1', name: 'User' })], brand: 'b1', status: 'active' as const };

describe('newUserRecord', () => {
  it('gives a new account notifications on, weekly, no BCC, no retailers (all), and the terms to accept first', () => {
    const now = new Date('2026-11-29T10:00:00.000Z');
    const u = newUserRecord(base, now);
    expect(u).toMatchObject({ name: 'Hélène Morel', associated_retailers: [], notify: true, user_email_bcc: '', emailFrequency: 'Weekly', policyFlag: true, status: 'active', createdAt: now.toISOString(), updatedAt: now.toISOString() });
    expect(u.roles).toEqual([{ _id: 'r1', name: 'User', label: 'User', value: 'r1' }]);
    expect(u._id.length).toBeGreaterThan(8);
    expect(newUserRecord(base)._id).not.toBe(u._id);
  });

  it('keeps what the caller gives: its id, name, retailers, notification choices and terms', () => {
    const u = newUserRecord({ ...base, _id: 'u1', name: 'H. Morel', associated_retailers: ['r9'], notify: false, user_email_bcc: 'boss@example.com', policyFlag: false, status: 'pending' });
    expect(u).toMatchObject({ _id: 'u1', name: 'H. Morel', associated_retailers: ['r9'], notify: false, user_email_bcc: 'boss@example.com', policyFlag: false, status: 'pending' });
  });

  it('a one-word name has no trailing space', () => {
    expect(newUserRecord({ ...base, lastname: '' }).name).toBe('Hélène');
  });
});
