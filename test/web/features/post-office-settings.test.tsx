/**
 * The post office settings' Robot health section (issue 25) in jsdom, fetch stubbed at the network
 * edge: the six whole numbers shown as stored (the defaults when none were saved), saved with the
 * rest of the settings (the PUT body carries `robotHealth` as numbers), a value the shared form
 * refuses said under its field and nothing sent, a refusal of the server under its field too.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROBOT_HEALTH_DEFAULTS, ROBOT_HEALTH_MSG, ROBOT_HEALTH_SETTING_FIELDS } from '../../../shared/messages/robot-health';
import { settingsBody, type SettingsBody } from '../../../shared/schemas/post-office';
import { featureHarness } from '../support/feature-harness';
import { type } from '../support/form-fields';
import { shown } from '../support/notify-mock';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { SettingsForm } = await import('../../../web/src/features/settings/components/settings-form');

const h = featureHarness({ user: { _id: 'a1', name: 'Ada', roles: [{ name: 'ADMIN' }] } });
const stored = { thinPercent: 40, emptyBeforePercent: 5, emptyNowPercent: 80, graceDays: 1, stuckDays: 4, reminderDays: 2 };
const base = { emailAlerts: ['ops@demo.test'], ignoreImageData: false, thresholds: { product: { default: { Price: 10 } }, brand: {}, homepage: {} } } as unknown as SettingsBody;
let put: () => { status: number; body: unknown };
beforeEach(() => {
  put = () => ({ status: 200, body: { message: 'Settings updated.', _id: 'threshold', settings: {}, version: 4 } });
  h.answer((r) => (r.method === 'PUT' ? put() : { status: 200, body: { data: [], totalCount: 0 } }));
});

const render = (initial: SettingsBody = { ...base, robotHealth: stored }) => h.render(<SettingsForm settingsId="threshold" version={3} initial={initial} adminEmails={[]} />);
const label = (name: string) => {
  const f = ROBOT_HEALTH_SETTING_FIELDS.find((x) => x.name === name)!;
  return `${f.label} (${f.unit})`;
};
const input = (name: string) => screen.getByLabelText<HTMLInputElement>(label(name));
const save = async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
  await h.settle();
};
const errorUnder = (name: string) => {
  const id = input(name).getAttribute('aria-describedby') ?? '';
  return id.split(' ').map((i) => document.getElementById(i)).find((el) => el?.classList.contains('field__error'))?.textContent;
};

describe('Robot health settings', () => {
  it('shows the six thresholds as stored, each with its help', async () => {
    await render();
    expect(screen.getByRole('heading', { name: 'Robot health' })).toBeTruthy();
    expect(ROBOT_HEALTH_SETTING_FIELDS.map((f) => [label(f.name), input(f.name).value])).toEqual([
      ['Thin below (%)', '40'],
      ['Was empty at most (%)', '5'],
      ['Now empty at least (%)', '80'],
      ['Late after (days)', '1'],
      ['Stuck after (days)', '4'],
      ['Remind every (days)', '2'],
    ]);
    for (const f of ROBOT_HEALTH_SETTING_FIELDS) expect(document.getElementById(input(f.name).getAttribute('aria-describedby')!)?.textContent).toBe(f.hint);
  });

  it('the labels are those of the schema’s messages', () => {
    for (const f of ROBOT_HEALTH_SETTING_FIELDS) {
      const out = settingsBody.safeParse({ ...base, robotHealth: { ...stored, [f.name]: 0.5 } });
      expect(out.success).toBe(false);
      expect(out.error!.issues[0]!.message.startsWith(`${f.label} must be a whole number`)).toBe(true);
    }
  });

  it('starts from the defaults when none were saved', async () => {
    await render(base);
    expect(input('thinPercent').value).toBe(String(ROBOT_HEALTH_DEFAULTS.thinPercent));
    expect(input('reminderDays').value).toBe(String(ROBOT_HEALTH_DEFAULTS.reminderDays));
  });

  it('saves them with the rest, as whole numbers', async () => {
    await render();
    type(label('thinPercent'), '35');
    type(label('stuckDays'), '6');
    await save();
    const body = h.calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body.robotHealth).toEqual({ ...stored, thinPercent: 35, stuckDays: 6 });
    expect(body.emailAlerts).toEqual(['ops@demo.test']);
    expect(body.version).toBe(3);
    expect(shown).toEqual(['success:Settings updated.']);
  });

  it('a value the form refuses is said under its field and nothing is sent', async () => {
    await render();
    type(label('graceDays'), '2.5');
    await save();
    expect(errorUnder('graceDays')).toBe(ROBOT_HEALTH_MSG.settingInvalid('Late after', [0, 60]));
    expect(input('graceDays').getAttribute('aria-invalid')).toBe('true');
    type(label('graceDays'), '2');
    type(label('emptyNowPercent'), '5');
    await save();
    expect(errorUnder('emptyNowPercent')).toBe(ROBOT_HEALTH_MSG.emptyShareOrder);
    type(label('emptyNowPercent'), '');
    await save();
    expect(errorUnder('emptyNowPercent')).toBe(ROBOT_HEALTH_MSG.settingInvalid('Now empty at least', [1, 100]));
    expect(h.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    // The screen's one warning toast says the first refusal too (as for the other settings).
    expect(shown.at(-1)).toBe(`warning:${ROBOT_HEALTH_MSG.settingInvalid('Now empty at least', [1, 100])}`);
  });

  it("the server's refusal of a threshold is said under its field", async () => {
    const message = ROBOT_HEALTH_MSG.settingInvalid('Stuck after', [1, 60]);
    put = () => ({ status: 400, body: { message, code: 'VALIDATION', issues: [{ path: 'robotHealth.stuckDays', message }] } });
    await render();
    await save();
    expect(errorUnder('stuckDays')).toBe(message);
    // Placed under its field, so no toast says it again.
    expect(shown).toEqual([]);
  });
});
