/**
 * The Administration screen's form (001 §2): Email Alert recipients, the Thresholds grid
 * ('Ignore image data?' and one block each for Product Details, Brand LP and Homepage) and Save.
 * Threshold inputs are integers; values below 1 become 0 (001 §5), here and on the server.
 */
import { useId, useState, type FormEvent } from 'react';
import { MSG } from '@shared/messages';
import { settingsBody, type SettingsBody } from '@shared/schemas/post-office';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useUpdateSettings } from '../api/update-settings';
import { DEFAULT_PERCENT, normalizePercent, THRESHOLD_BLOCKS, type ThresholdBlockDef, type ThresholdType } from '../robot-columns';
import { EmailAlertsInput } from './email-alerts-input';
import { ThresholdBlock, type RobotInputs } from './threshold-block';
import './settings.css';

type Inputs = Record<ThresholdType, RobotInputs>;

function toInputs(thresholds: SettingsBody['thresholds']): Inputs {
  const out = {} as Inputs;
  for (const { type } of THRESHOLD_BLOCKS) {
    out[type] = {};
    for (const [robot, columns] of Object.entries(thresholds[type] ?? {})) {
      out[type][robot] = Object.fromEntries(Object.entries(columns).map(([c, v]) => [c, String(v)]));
    }
  }
  return out;
}

/** Every column of the block for every robot, as integers (a column left out is 0: not compared). */
function toThresholds(inputs: Inputs): SettingsBody['thresholds'] {
  const out = {} as SettingsBody['thresholds'];
  for (const def of THRESHOLD_BLOCKS) {
    out[def.type] = {};
    for (const [robot, columns] of Object.entries(inputs[def.type])) {
      const all: Record<string, number> = Object.fromEntries(def.columns.map((c) => [c, 0]));
      for (const [c, text] of Object.entries(columns)) all[c] = normalizePercent(text);
      out[def.type][robot] = all;
    }
  }
  return out;
}

const startValues = (def: ThresholdBlockDef) => Object.fromEntries(def.columns.map((c) => [c, String(def.defaultColumns.includes(c) ? DEFAULT_PERCENT : 0)]));

export interface SettingsFormProps {
  settingsId: string;
  version: number;
  initial: SettingsBody;
  adminEmails: string[];
}

export function SettingsForm({ settingsId, version, initial, adminEmails }: SettingsFormProps) {
  const ignoreId = useId();
  const [emails, setEmails] = useState<string[]>(initial.emailAlerts);
  const [ignoreImageData, setIgnoreImageData] = useState(initial.ignoreImageData);
  const [inputs, setInputs] = useState<Inputs>(() => toInputs(initial.thresholds));
  const [saving, setSaving] = useState(false);
  const { trigger: save } = useUpdateSettings();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = settingsBody.safeParse({ version, emailAlerts: emails, ignoreImageData, thresholds: toThresholds(inputs) });
    if (!parsed.success) {
      notify.warning(parsed.error.issues[0]?.message ?? MSG.genericError);
      return;
    }
    setSaving(true);
    try {
      const res = await save({ id: settingsId, settings: parsed.data });
      notify.success(res.message || MSG.settingsUpdated);
    } catch (err) {
      handleError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="settings" onSubmit={(e) => void submit(e)} noValidate aria-label="Post office settings">
      <section className="panel settings__panel" aria-labelledby="settings-email-title">
        <h2 id="settings-email-title" className="settings__title">
          Email Alert
        </h2>
        <EmailAlertsInput label="Recipients" value={emails} onChange={setEmails} suggestions={adminEmails} />
      </section>
      <section className="panel settings__panel" aria-labelledby="settings-thresholds-title">
        <h2 id="settings-thresholds-title" className="settings__title">
          Thresholds
        </h2>
        <p className="settings__intro">
          A file is held for review when a column changes in more rows than its percent. 0 means the column is not compared. A robot that is not listed follows the <strong>default</strong> robot of its type (without one, its type&apos;s default columns at {DEFAULT_PERCENT}%).
        </p>
        <div className="settings__check">
          <input id={ignoreId} type="checkbox" checked={ignoreImageData} onChange={(e) => setIgnoreImageData(e.target.checked)} />
          <label htmlFor={ignoreId}>Ignore image data?</label>
        </div>
        <div className="th-blocks">
          {THRESHOLD_BLOCKS.map((def) => (
            <ThresholdBlock key={def.type} def={def} robots={inputs[def.type]} onChange={(next) => setInputs((all) => ({ ...all, [def.type]: next }))} newRobot={() => startValues(def)} />
          ))}
        </div>
      </section>
      <div className="settings__actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
