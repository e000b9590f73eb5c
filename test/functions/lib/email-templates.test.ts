/**
 * The emails the product sends (functions/lib/email/): what the recipient reads, where the link
 * goes, and that a name someone typed at registration cannot inject markup into the email.
 */
import { describe, expect, it } from 'vitest';
import { activateAccountEmail, registrationAttemptEmail, resetPasswordEmail } from '../../../functions/lib/email/accounts';
import { fileReviewAlert } from '../../../functions/lib/email/file-review';

const EVIL = `<img src=x onerror="alert('x')">&Co`;
const ESCAPED = '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;Co';

/** The href of the anchor whose text is `text`. */
const hrefOf = (html: string, text: string) => new RegExp(`<a href="([^"]*)">${text}</a>`).exec(html)?.[1];

describe('account emails', () => {
  it('reset password: subject, greeting, and the link (its & escaped in the attribute)', () => {
    const mail = resetPasswordEmail({ name: 'Ada', link: 'https://app.example/reset-password?token=abc&x=1' });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.html).toContain('<h2 style="margin:0 0 16px">Reset your password</h2>');
    expect(mail.html).toContain('<p>Hello Ada,</p>');
    expect(hrefOf(mail.html, 'Reset my password')).toBe('https://app.example/reset-password?token=abc&amp;x=1');
    expect(mail.html).toContain('within the next hour');
  });

  it('activation: subject, the company, the link, 72 hours', () => {
    const mail = activateAccountEmail({ firstName: 'Iris', company: 'Nouveau Atelier', link: 'https://app.example/activate-account?token=t0k' });
    expect(mail.subject).toBe('Activate your account');
    expect(mail.html).toContain('<h2 style="margin:0 0 16px">Welcome</h2>');
    expect(mail.html).toContain('Your account for Nouveau Atelier is ready. Activate it within 72 hours:');
    expect(hrefOf(mail.html, 'Activate my account')).toBe('https://app.example/activate-account?token=t0k');
  });

  it('registration with a taken address: links to log in and to reset the password', () => {
    const mail = registrationAttemptEmail({ firstName: 'Ada', appUrl: 'https://app.example' });
    expect(mail.subject).toBe('Someone tried to register with your address');
    expect(hrefOf(mail.html, 'log in')).toBe('https://app.example/login');
    expect(hrefOf(mail.html, 'reset your password')).toBe('https://app.example/forgot-password');
  });

  it('escape the names and the company a user typed', () => {
    for (const html of [
      resetPasswordEmail({ name: EVIL, link: 'https://app.example/r' }).html,
      activateAccountEmail({ firstName: EVIL, company: EVIL, link: 'https://app.example/a' }).html,
      registrationAttemptEmail({ firstName: EVIL, appUrl: 'https://app.example' }).html,
    ]) {
      expect(html).not.toContain('<img');
      expect(html).toContain(`Hello ${ESCAPED},`);
    }
  });
});

describe('the file review alert', () => {
  const file = { type: 'product' as const, retailerName: 'Harrowgate & Finch', date: '2026-11-02', fileName: 'incoming/product/harrowgate-finch/2026-11-02/r.csv', flagReasons: ['Column "Price" changed on 40% of rows.', EVIL], error: null };
  const link = 'https://app.example/admin/post-office/comparison/f1';

  it('subject and title name the type and the retailer; the body lists the reasons and links to the comparison', () => {
    const alert = fileReviewAlert(file, link);
    expect(alert.title).toBe('Product Details file requires review');
    expect(alert.subject).toBe('[Post office] Product Details file requires review: Harrowgate & Finch');
    expect(alert.message).toContain('<strong>Harrowgate &amp; Finch</strong>, Product Details, scan of 2026-11-02 (incoming/product/harrowgate-finch/2026-11-02/r.csv).');
    expect(alert.message).toContain('<li>Column &quot;Price&quot; changed on 40% of rows.</li>');
    expect(alert.message).toContain(`<li>${ESCAPED}</li>`);
    expect(alert.message).not.toContain('<img');
    expect(hrefOf(alert.message, 'Open the comparison')).toBe(link);
    expect(alert.html).toContain(alert.message);
  });

  it('an unreadable file is titled so, by its type', () => {
    const alert = fileReviewAlert({ ...file, type: 'homepage', error: 'The file is gzip-compressed.' }, link);
    expect(alert.title).toBe('Unreadable homepage file');
    expect(alert.subject).toBe('[Post office] Unreadable homepage file: Harrowgate & Finch');
  });
});
