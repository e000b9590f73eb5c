/**
 * Settings → Cases (issue 24 §4): the brand's price tolerance (percent and amount: the larger
 * applies; the Price Issues and In Price Sync tabs and a scan's auto-resolve follow it), the days
 * after which a notified case with no answer is overdue, and the escalation of overdue cases (off,
 * a second notice drafted for the brand to send, or sent by the daily check) with its message.
 * Only a BRAND_ADMIN or an ADMIN saves; anyone else of the brand reads them.
 */
import { useWatch } from 'react-hook-form';
import { MSG } from '@shared/messages';
import { CASE_SETTINGS_LIMITS, updateCaseSettingsBody, type CaseSettings } from '@shared/schemas/case-settings';
import { Button } from '../../../components/ui/button';
import { FormField, SelectField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { effectiveBrand, isBrandAdminOrAdmin } from '../../../lib/access';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { firstErrorMessage } from '../../../lib/form-errors';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import type { Session } from '../../../lib/session';
import { useActiveCannedMessages, useCaseSettings, useSaveCaseSettings } from '../api/case-settings';
import { CASE_SETTINGS_UI } from '../messages';
import '../cases.css';

const FIELDS = ['tolerancePercent', 'toleranceAmount', 'overdueDays', 'escalation', 'escalationMessageId'] as const;

export function CaseSettingsTab({ session }: { session: Session }) {
  const brand = effectiveBrand(session);
  const settings = useCaseSettings(brand?._id);
  if (!brand) return <p className="muted">{CASE_SETTINGS_UI.noBrand}</p>;
  if (settings.error) return <p className="muted">{CASE_SETTINGS_UI.loadFailed}</p>;
  if (!settings.data) return <Spinner label="Loading the case settings…" />;
  return <CaseSettingsForm key={`${brand._id}-${settings.data.data.rev}`} brandId={brand._id} brandName={brand.name} initial={settings.data.data} canSave={isBrandAdminOrAdmin(session.user)} />;
}

function CaseSettingsForm({ brandId, brandName, initial, canSave }: { brandId: string; brandName: string; initial: CaseSettings; canSave: boolean }) {
  const form = useSchemaForm(updateCaseSettingsBody, {
    tolerancePercent: initial.tolerancePercent,
    toleranceAmount: initial.toleranceAmount,
    overdueDays: initial.overdueDays,
    escalation: initial.escalation,
    escalationMessageId: initial.escalationMessageId,
    rev: initial.rev,
  });
  const { register, handleSubmit, formState, control } = form;
  const escalation = useWatch({ control, name: 'escalation' });
  const canned = useActiveCannedMessages(brandId);
  const save = useSaveCaseSettings(brandId);
  const number = { valueAsNumber: true } as const;

  const onSubmit = handleSubmit(
    async (body) => {
      try {
        const out = await save.trigger(body);
        notify.success(out.message);
      } catch (err) {
        if (!showServerIssues(form, err, FIELDS)) handleError(err);
      }
    },
    (errors) => notify.warning(firstErrorMessage(errors) ?? MSG.genericError),
  );

  return (
    <form className="case-settings" onSubmit={onSubmit} noValidate aria-label={`Case settings of ${brandName}`}>
      <h2 className="case-settings__title">{CASE_SETTINGS_UI.title}</h2>
      {!canSave ? <p className="muted">{CASE_SETTINGS_UI.readOnly}</p> : null}
      <fieldset className="case-settings__group" disabled={!canSave}>
        <legend>{CASE_SETTINGS_UI.toleranceLegend}</legend>
        <p className="case-settings__hint">{CASE_SETTINGS_UI.toleranceHint}</p>
        <div className="case-settings__row">
          <FormField label="Percent of the on-hand price" type="number" inputMode="decimal" min={0} max={CASE_SETTINGS_LIMITS.maxPercent} step="0.01" registration={register('tolerancePercent', number)} error={formState.errors.tolerancePercent} />
          <FormField label="Amount" type="number" inputMode="decimal" min={0} max={CASE_SETTINGS_LIMITS.maxAmount} step="0.01" registration={register('toleranceAmount', number)} error={formState.errors.toleranceAmount} />
        </div>
      </fieldset>
      <fieldset className="case-settings__group" disabled={!canSave}>
        <legend>{CASE_SETTINGS_UI.overdueLegend}</legend>
        <FormField label="Overdue after (days)" type="number" inputMode="numeric" min={CASE_SETTINGS_LIMITS.minOverdueDays} max={CASE_SETTINGS_LIMITS.maxOverdueDays} step="1" hint={CASE_SETTINGS_UI.overdueHint} registration={register('overdueDays', number)} error={formState.errors.overdueDays} />
        <SelectField label="Second notice" registration={register('escalation')} error={formState.errors.escalation}>
          <option value="off">{CASE_SETTINGS_UI.escalation.off}</option>
          <option value="draft">{CASE_SETTINGS_UI.escalation.draft}</option>
          <option value="send">{CASE_SETTINGS_UI.escalation.send}</option>
        </SelectField>
        {escalation !== 'off' ? (
          <SelectField
            label="Its message"
            hint={CASE_SETTINGS_UI.messageHint}
            registration={register('escalationMessageId', { setValueAs: (v: string | null) => (v ? v : null) })}
            error={formState.errors.escalationMessageId}
          >
            <option value="">{CASE_SETTINGS_UI.builtInMessage}</option>
            {(canned.data ?? []).map((m) => (
              <option key={m._id} value={m._id}>
                {m.name}
              </option>
            ))}
          </SelectField>
        ) : null}
      </fieldset>
      {initial.updatedAt ? <p className="muted case-settings__saved">{CASE_SETTINGS_UI.lastSaved(initial.updatedAt)}</p> : null}
      {canSave ? (
        <div className="case-settings__actions">
          <Button type="submit" busy={save.isMutating}>
            Save
          </Button>
        </div>
      ) : null}
    </form>
  );
}
