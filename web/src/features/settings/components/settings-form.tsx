/**
 * The Administration screen's form (001 §2): Email Alert recipients, the Thresholds grid
 * ('Ignore image data?' and one block each for Product Details, Brand LP and Homepage) and Save.
 * Threshold inputs are integers; values below 1 become 0 (001 §5), here and on the server. The
 * form is the shared `settingsForm`, whose output is the PUT body; a refusal of the schema is said
 * by one warning toast and nothing is sent. The Robot health section (issue 25) holds the six
 * whole-number thresholds of the robots' health, saved with the rest; their refusals (the form's
 * or the server's) are said under their fields too.
 */
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { MSG } from '@shared/messages';
import { ROBOT_HEALTH_SETTING_FIELDS, ROBOT_HEALTH_UI } from '@shared/messages/robot-health';
import { settingsForm, type SettingsBody } from '@shared/schemas/post-office';
import { DEFAULT_ROBOT_HEALTH_SETTINGS, type RobotHealthSettings } from '@shared/schemas/robot-health';
import { FormField } from '../../../components/ui/form-field';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { firstErrorMessage } from '../../../lib/form-errors';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useUpdateSettings } from '../api/update-settings';
import { DEFAULT_PERCENT, THRESHOLD_BLOCKS, type ThresholdBlockDef } from '../robot-columns';
import { EmailAlertsInput } from './email-alerts-input';
import { ThresholdBlock, type RobotInputs } from './threshold-block';
import './settings.css';

/** The stored percents as the texts of their inputs. */
function toInputs(thresholds: SettingsBody['thresholds']): Record<ThresholdBlockDef['type'], RobotInputs> {
  const typed = (robots: SettingsBody['thresholds'][ThresholdBlockDef['type']] = {}): RobotInputs =>
    Object.fromEntries(Object.entries(robots).map(([robot, columns]) => [robot, Object.fromEntries(Object.entries(columns).map(([c, v]) => [c, String(v)]))]));
  return { product: typed(thresholds.product), brand: typed(thresholds.brand), homepage: typed(thresholds.homepage) };
}

/** The stored robot health thresholds (the defaults until saved) as the texts of their inputs. */
const robotHealthInputs = (stored: RobotHealthSettings = DEFAULT_ROBOT_HEALTH_SETTINGS) =>
  Object.fromEntries(ROBOT_HEALTH_SETTING_FIELDS.map((f) => [f.name, String(stored[f.name])])) as Record<keyof RobotHealthSettings, string>;
const ROBOT_HEALTH_PATHS = ROBOT_HEALTH_SETTING_FIELDS.map((f) => `robotHealth.${f.name}` as const);

const startValues = (def: ThresholdBlockDef) => Object.fromEntries(def.columns.map((c) => [c, String(def.defaultColumns.includes(c) ? DEFAULT_PERCENT : 0)]));

export interface SettingsFormProps {
  settingsId: string;
  version: number;
  initial: SettingsBody;
  adminEmails: string[];
}

export function SettingsForm({ settingsId, version, initial, adminEmails }: SettingsFormProps) {
  const ignoreId = useId();
  const form = useSchemaForm(settingsForm, {
    version,
    emailAlerts: initial.emailAlerts,
    ignoreImageData: initial.ignoreImageData,
    thresholds: toInputs(initial.thresholds),
    robotHealth: robotHealthInputs(initial.robotHealth),
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { isSubmitting, errors },
  } = form;
  const { trigger: save } = useUpdateSettings();

  const onSubmit = handleSubmit(
    async (settings) => {
      try {
        const res = await save({ id: settingsId, settings });
        notify.success(res.message || MSG.settingsUpdated);
      } catch (err) {
        if (!showServerIssues(form, err, ROBOT_HEALTH_PATHS)) handleError(err);
      }
    },
    (errors) => notify.warning(firstErrorMessage(errors) ?? MSG.genericError),
  );

  return (
    <form className="settings" onSubmit={onSubmit} noValidate aria-label="Post office settings">
      <section className="panel settings__panel" aria-labelledby="settings-email-title">
        <h2 id="settings-email-title" className="settings__title">
          Email Alert
        </h2>
        <Controller control={control} name="emailAlerts" render={({ field }) => <EmailAlertsInput label="Recipients" value={field.value} onChange={field.onChange} suggestions={adminEmails} />} />
      </section>
      <section className="panel settings__panel" aria-labelledby="settings-thresholds-title">
        <h2 id="settings-thresholds-title" className="settings__title">
          Thresholds
        </h2>
        <p className="settings__intro">
          A file is held for review when a column changes in more rows than its percent. 0 means the column is not compared. A robot that is not listed follows the <strong>default</strong> robot of its type (without one, its type&apos;s default columns at {DEFAULT_PERCENT}%).
        </p>
        <div className="settings__check">
          <input id={ignoreId} type="checkbox" {...register('ignoreImageData')} />
          <label htmlFor={ignoreId}>Ignore image data?</label>
        </div>
        <div className="th-blocks">
          {THRESHOLD_BLOCKS.map((def) => (
            // A block is one control: robot names may hold dots, which a field path cannot.
            <Controller
              key={def.type}
              control={control}
              name={`thresholds.${def.type}`}
              render={({ field }) => <ThresholdBlock def={def} robots={field.value} onChange={field.onChange} newRobot={() => startValues(def)} />}
            />
          ))}
        </div>
      </section>
      <section className="panel settings__panel" aria-labelledby="settings-robot-health-title">
        <h2 id="settings-robot-health-title" className="settings__title">
          {ROBOT_HEALTH_UI.settingsTitle}
        </h2>
        <p className="settings__intro">{ROBOT_HEALTH_UI.settingsIntro}</p>
        <div className="rh-settings">
          {ROBOT_HEALTH_SETTING_FIELDS.map((f) => (
            <FormField
              key={f.name}
              label={`${f.label} (${f.unit})`}
              hint={f.hint}
              type="number"
              inputMode="numeric"
              step={1}
              fieldClassName="rh-settings__field"
              registration={register(`robotHealth.${f.name}`)}
              error={errors.robotHealth?.[f.name]}
            />
          ))}
        </div>
      </section>
      <div className="settings__actions">
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
