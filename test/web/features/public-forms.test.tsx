/**
 * The public forms in jsdom (fetch stubbed at the network edge): the demo form's messages (000 §5),
 * its request with the local captcha's token and answer, the toast, and a fresh captcha after a
 * refusal; the bug report's file checks.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { featureHarness } from '../support/feature-harness';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { DemoForm } = await import('../../../web/src/features/public-forms/components/demo-form');
const { fileProblem } = await import('../../../web/src/features/public-forms/components/bug-report-files');

const h = featureHarness();
const { calls, render, settle } = h;
let captchas = 0;
let answer: (method: string, url: URL, body: unknown) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
beforeEach(() => {
  captchas = 0;
  h.answer((r) => {
    if (r.url.pathname.endsWith('/captcha')) return { status: 200, body: { provider: 'local', token: `tok-${++captchas}`, question: `What is ${captchas} + 1?`, expiresAt: '2099-01-01T00:00:00.000Z' } };
    return answer(r.method, r.url, r.body);
  });
});

function type(label: string | RegExp, value: string) {
  const l = [...document.querySelectorAll('label')].find((x) => (typeof label === 'string' ? x.textContent === label : label.test(x.textContent ?? '')))!;
  const el = document.getElementById(l.htmlFor) as HTMLInputElement | HTMLTextAreaElement;
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}
const submit = async () => {
  await act(async () => {
    (document.querySelector('form[aria-label="Schedule a demo"] button[type="submit"]') as HTMLButtonElement).click();
  });
  await settle();
};
const alerts = () => [...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent);

describe('DemoForm', () => {
  it("shows the spec's messages and sends nothing until they pass", async () => {
    await render(<DemoForm />);
    await settle();
    await submit();
    expect(alerts()).toEqual(['Required', 'Required', 'Required', 'Required', 'Required', 'Required', 'Please complete the captcha.']);
    type('First Name', 'A');
    type('Email', 'nope');
    type('Website', 'abc');
    type('Phone', '12345678901');
    type('Company', 'C'.repeat(51));
    await submit();
    expect(alerts()).toEqual(expect.arrayContaining(['Too Short!', 'Please enter valid email', 'Please enter valid URL', 'Too Long!']));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("sends the fields with the captcha's token and answer, toasts 'Email sent successfully'; a refusal brings a new captcha", async () => {
    const sent: unknown[] = [];
    let refuse = true;
    answer = (_m, _u, body) => {
      sent.push(body);
      return refuse
        ? { status: 400, body: { message: 'The captcha answer is wrong: please try the new one.', issues: [{ path: 'recaptcha', message: 'The captcha answer is wrong: please try the new one.' }] } }
        : { status: 200, body: { message: 'Email sent successfully' } };
    };
    await render(<DemoForm />);
    await settle();
    type('First Name', 'Ada');
    type('Last Name', 'Lovelace');
    type('Email', 'ada@prospect.test');
    type('Website', 'www.ada.example');
    type('Phone', '5550100');
    type('Company', 'Maison Ada');
    type(/^Captcha: What is 1 \+ 1\?$/, '3');
    await submit();
    expect(sent[0]).toMatchObject({ firstName: 'Ada', companyName: 'Maison Ada', recaptcha: '3', captchaToken: 'tok-1' });
    expect(shown.some((s) => s.includes('The captcha answer is wrong: please try the new one.'))).toBe(true);
    expect(document.body.textContent).toContain('What is 2 + 1?');
    refuse = false;
    type(/^Captcha: What is 2 \+ 1\?$/, '3');
    await submit();
    expect(sent[1]).toMatchObject({ recaptcha: '3', captchaToken: 'tok-2', requestId: (sent[0] as { requestId: string }).requestId });
    expect(shown.includes('success:Email sent successfully')).toBe(true);
  });
});

describe('fileProblem (bug report)', () => {
  const file = (name: string, size: number, type = 'image/png') => new File([new Uint8Array(size)], name, { type });
  it('names the first problem: too many, too big, too much in all, not an image or PDF', () => {
    expect(fileProblem([file('a.png', 10), file('b.pdf', 10, 'application/pdf')])).toBeUndefined();
    expect(fileProblem(Array.from({ length: 6 }, (_, i) => file(`${i}.png`, 1)))).toBe('At most 5 files per report.');
    expect(fileProblem([file('big.png', 4 * 1024 * 1024 + 1)])).toBe('big.png is too large: each file must be at most 4 MB.');
    expect(fileProblem([file('a.png', 3 * 1024 * 1024), file('b.png', 2 * 1024 * 1024)])).toBe('The files are too large: at most 4 MB in all.');
    expect(fileProblem([file('setup.exe', 10, 'application/x-msdownload')])).toMatch(/^setup\.exe is not an accepted file/);
  });
});
