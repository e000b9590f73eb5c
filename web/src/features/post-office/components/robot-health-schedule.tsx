/**
 * One robot's schedule (issue 25; ours): the days expected between two of its files, typed and
 * saved (PUT /robots/{retailerId}/{type}), or set back to the default ('Use default', shown while
 * the admin's own schedule holds). The shared `robotScheduleForm` checks the days as the server
 * does; a refusal of the server (400) is said under the field, other failures by the toast.
 */
import { ROBOT_HEALTH_DEFAULTS, ROBOT_HEALTH_LIMITS, ROBOT_HEALTH_UI as UI, ROBOT_TYPE_LABELS } from '@shared/messages/robot-health';
import { robotScheduleForm } from '@shared/schemas/robot-health';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-error';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useUpdateRobotSchedule, type Robot } from '../api/robot-health';

export function RobotSchedule({ robot, onSaved }: { robot: Robot; onSaved: (robot: Robot) => void }) {
  const form = useSchemaForm(robotScheduleForm, { cadenceDays: String(robot.cadenceDays) });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const { trigger, isMutating } = useUpdateRobotSchedule();
  const label = UI.scheduleLabel(robot.retailer.name, ROBOT_TYPE_LABELS[robot.type]);

  const send = async (cadenceDays: number | null) => {
    try {
      const res = await trigger({ retailerId: robot.retailer._id, type: robot.type, cadenceDays });
      notify.success(res.message);
      onSaved(res.robot);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        if (!showServerIssues(form, err, ['cadenceDays'])) setError('cadenceDays', { type: 'server', message: err.message });
      } else handleError(err);
    }
  };

  return (
    <form className="rh-schedule" onSubmit={handleSubmit((v) => send(v.cadenceDays))} noValidate>
      <div className="rh-schedule__row">
        <FormField
          label={label}
          labelHidden
          type="number"
          inputMode="numeric"
          min={ROBOT_HEALTH_LIMITS.cadenceDays[0]}
          max={ROBOT_HEALTH_LIMITS.cadenceDays[1]}
          step={1}
          fieldClassName="rh-schedule__field"
          registration={register('cadenceDays')}
          error={errors.cadenceDays}
        />
        <span className="rh-schedule__unit">{UI.days}</span>
        <Button type="submit" variant="outline" size="sm" busy={isMutating} aria-label={`${UI.save} ${label.charAt(0).toLowerCase()}${label.slice(1)}`}>
          {UI.save}
        </Button>
      </div>
      <p className="rh-schedule__default">
        {robot.cadenceSet ? (
          <Button variant="ghost" size="sm" className="rh-schedule__reset" disabled={isMutating} onClick={() => void send(null)} aria-label={`${UI.useDefault} (${ROBOT_HEALTH_DEFAULTS.cadenceDays} ${UI.days}): ${robot.retailer.name}, ${ROBOT_TYPE_LABELS[robot.type]}`}>
            {UI.useDefault}
          </Button>
        ) : (
          UI.defaultSchedule
        )}
      </p>
    </form>
  );
}
