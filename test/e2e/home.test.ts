/**
 * /home and the footer's bug report in the browser (000 §2, §3, §5, §7): the marketing page scrolls
 * to ?to=demo / ?to=about, the demo form shows the spec's messages, sends with the local captcha
 * and its email reaches the sales inbox in the SES emulator; the footer's Contact button opens
 * the bug report, which sends two images to the support inbox, signed out and signed in.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sentEmails } from '../support/api';
import { apiSession, assertAccessible, browserPerFile, screenshot, toast, withSession, type Tab } from '../support/browser';

const { tab } = browserPerFile();
const tag = randomBytes(4).toString('hex');
const PNG = (n: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, n)]);

const inViewport = (t: Tab, id: string) =>
  t.page.evaluate((sel) => {
    const r = document.getElementById(sel)!.getBoundingClientRect();
    return r.top >= -2 && r.top < window.innerHeight / 2;
  }, id);

async function answerCaptcha(t: Tab): Promise<void> {
  const label = t.page.locator('label', { hasText: /^Captcha: What is \d+ \+ \d+\?$/ });
  await label.waitFor();
  const m = /What is (\d+) \+ (\d+)\?/.exec((await label.textContent()) ?? '')!;
  await t.page.getByLabel(/^Captcha:/).fill(String(Number(m[1]) + Number(m[2])));
}

describe('/home', () => {
  it('?to=demo scrolls to the form; ?to=about to the why section', () =>
    tab(async (t) => {
      await t.page.goto('/home?to=demo');
      await t.page.getByRole('heading', { name: 'Schedule a demo' }).waitFor();
      await expect.poll(() => inViewport(t, 'demo'), { timeout: 5000 }).toBe(true);
      expect(await t.page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
      await screenshot(t.page, 'home-demo', false);
      await t.page.goto('/home?to=about');
      await expect.poll(() => inViewport(t, 'about'), { timeout: 5000 }).toBe(true);
      // A new tab without ?to= starts at the top (the router restores a reloaded tab's own position).
      const fresh = await t.context.newPage();
      await fresh.goto('/home');
      await fresh.getByRole('heading', { name: /See your brand the way shoppers see it/ }).waitFor();
      expect(await fresh.evaluate(() => window.scrollY)).toBe(0);
      await screenshot(fresh, 'home');
    }));

  it("shows the demo form's messages, then sends with the local captcha: toast and the sales inbox's email", () =>
    tab(async (t) => {
      const { page } = t;
      await page.goto('/home?to=demo');
      const form = page.getByRole('form', { name: 'Schedule a demo' });
      await form.getByRole('button', { name: 'Schedule a demo' }).click();
      await form.getByRole('alert').first().waitFor();
      expect(await form.getByRole('alert').allTextContents()).toEqual(['Required', 'Required', 'Required', 'Required', 'Required', 'Required', 'Please complete the captcha.']);
      await form.getByLabel('First Name').fill('A');
      await form.getByLabel('Email').fill('nope');
      await form.getByLabel('Website').fill('abc');
      await form.getByLabel('Phone').fill('12345678901');
      await form.getByRole('button', { name: 'Schedule a demo' }).click();
      await form.getByText('Too Short!').waitFor();
      await form.getByText('Please enter valid email').waitFor();
      await form.getByText('Please enter valid URL').waitFor();
      await form.getByText('Too Long!').waitFor();
      await screenshot(page, 'home-demo-errors', false);
      await assertAccessible(t);

      await form.getByLabel('First Name').fill('Ada');
      await form.getByLabel('Last Name').fill('Lovelace');
      await form.getByLabel('Email').fill(`ada-${tag}@prospect.test`);
      await form.getByLabel('Website').fill('www.maison-ada.example');
      await form.getByLabel('Phone').fill('5550100');
      await form.getByLabel('Company').fill(`Maison Ada ${tag}`);
      await form.getByLabel(/Message/).fill('Please show us <b>the dashboard</b>.');
      await answerCaptcha(t);
      await form.getByRole('button', { name: 'Schedule a demo' }).click();
      await toast(page, 'Email sent successfully').waitFor();
      await screenshot(page, 'home-demo-sent', false);
      // The form is empty again, with a new captcha.
      expect(await form.getByLabel('Company').inputValue()).toBe('');
      await expect
        .poll(async () => (await sentEmails()).filter((m) => m.destination.to.includes('sales@retailer-audit.local') && m.subject === `Demo request: Maison Ada ${tag}`).length)
        .toBe(1);
      const mail = (await sentEmails()).find((m) => m.subject === `Demo request: Maison Ada ${tag}`)!;
      expect(mail.body.html).toContain('Please show us &lt;b&gt;the dashboard&lt;/b&gt;.');
    }));

  it('a wrong captcha answer is refused and a new question is shown', () =>
    tab(async (t) => {
      const { page } = t;
      await page.goto('/home?to=demo');
      const form = page.getByRole('form', { name: 'Schedule a demo' });
      await form.getByLabel('First Name').fill('Ada');
      await form.getByLabel('Last Name').fill('Lovelace');
      await form.getByLabel('Email').fill(`ada-wrong-${tag}@prospect.test`);
      await form.getByLabel('Website').fill('www.maison-ada.example');
      await form.getByLabel('Phone').fill('5550100');
      await form.getByLabel('Company').fill('Maison Ada');
      const question = await page.getByLabel(/^Captcha:/).evaluate((el) => el.closest('.field')!.querySelector('label')!.textContent);
      await page.getByLabel(/^Captcha:/).fill('999');
      await form.getByRole('button', { name: 'Schedule a demo' }).click();
      await toast(page, 'The captcha answer is wrong: please try the new one.').waitFor();
      await form.getByText('The captcha answer is wrong: please try the new one.').waitFor();
      await expect.poll(() => page.getByLabel(/^Captcha:/).evaluate((el) => el.closest('.field')!.querySelector('label')!.textContent)).not.toBe(question);
    }));
});

describe("the footer's bug report", () => {
  it('sends two images to the support inbox, signed out (from /home)', () =>
    tab(async (t) => {
      const { page } = t;
      await page.goto('/home');
      await page.getByRole('contentinfo').getByRole('button', { name: 'Contact' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report a problem' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Submit' }).click();
      expect(await dialog.getByRole('alert').allTextContents()).toEqual(['Name is required.', 'Email is required.', 'Message is required.']);
      await dialog.getByLabel('Name').fill('Bea Visitor');
      await dialog.getByLabel('Email').fill(`bea-${tag}@visitor.test`);
      await dialog.getByLabel('Message').fill(`The demo page is slow (${tag}).`);
      await dialog.getByLabel('Files').setInputFiles([
        { name: 'first.png', mimeType: 'image/png', buffer: PNG(1) },
        { name: 'second.png', mimeType: 'image/png', buffer: PNG(2) },
      ]);
      await dialog.getByRole('list', { name: 'Chosen files' }).getByText('second.png').waitFor();
      await screenshot(page, 'bug-report', false);
      await assertAccessible(t);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await toast(page, 'Form submitted successfully.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(async () => (await sentEmails()).filter((m) => (m.body.html ?? '').includes(`slow (${tag})`)).length).toBe(1);
      const mail = (await sentEmails()).find((m) => (m.body.html ?? '').includes(`slow (${tag})`))!;
      expect(mail.destination.to).toEqual(['support@retailer-audit.local']);
      expect(mail.attachments?.map((a) => a.filename)).toEqual(['first.png', 'second.png']);
    }));

  it('opens from the dashboard footer with the account filled in; a renamed file is refused with a clear message', () =>
    tab(async (t) => {
      const { page } = t;
      await withSession(page, await apiSession('user@demo.test'), '/dashboard/summary');
      await page.getByRole('contentinfo').getByRole('button', { name: 'Contact' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report a problem' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Email').inputValue()).toBe('user@demo.test');
      await dialog.getByLabel('Message').fill(`Signed-in report (${tag}).`);
      await dialog.getByLabel('Files').setInputFiles([{ name: 'report.png', mimeType: 'image/png', buffer: Buffer.from('MZ\x90\x00 not an image', 'latin1') }]);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByText('report.png is not an accepted file: only PNG, JPEG, GIF, WebP images and PDF documents can be attached.').waitFor();
      await screenshot(page, 'bug-report-refused', false);
      await dialog.getByRole('button', { name: 'Remove report.png' }).click();
      await dialog.getByLabel('Files').setInputFiles([{ name: 'ok.png', mimeType: 'image/png', buffer: PNG(3) }]);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await toast(page, 'Form submitted successfully.').waitFor();
    }));
});
