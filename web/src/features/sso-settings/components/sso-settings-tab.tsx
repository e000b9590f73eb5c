/**
 * Settings → Single sign-on (issue 26, decision 42 "OIDC (as built)"): a brand admin of the brand,
 * or an ADMIN acting as it, sets the brand's identity provider: the protocol (OIDC only, shown as
 * text), the issuer URL, the client ID, the client secret (write-only: a password field, empty
 * keeps the saved one, never shown), the email domains (one per line; the server normalises
 * them and the form shows what it saved), what a first sign-in without an account does, and
 * whether single sign-on is mandatory (turning it on asks first). The redirect URI to register
 * at the provider is shown with a Copy button. Below the domains, each saved domain's proof
 * (issue 36: ./sso-domain-list.tsx): its status, its TXT record with Copy, "Check now". Not set up yet: what it is, and the form with the
 * defaults. A 400 shows each message under its field (every refused domain under the domains).
 */
import { useId, useState } from 'react';
import * as z from 'zod';
import { MSG } from '@shared/messages';
import { SSO_MSG, SSO_UI as UI } from '@shared/messages/sso';
import type { ResponseOf } from '@shared/routes/responses';
import { oidcSettingsBody, samlSettingsBody, type SsoSettingsBody } from '@shared/schemas/sso';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField, TextAreaField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { effectiveBrand } from '../../../lib/access';
import { showServerIssues, useSchemaForm, type SchemaForm } from '../../../lib/form';
import { firstErrorMessage } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import type { Session } from '../../../lib/session';
import { useSaveSsoSettings, useSsoSettings } from '../api/sso-settings';
import { SparedAccounts } from './spared-accounts';
import { CopyFact } from './copy-fact';
import { SsoDomainList } from './sso-domain-list';
import '../sso-settings.css';

/** What GET and PUT /sso/{brandId} answer (the secret only as "saved"). */
type SsoSettings = Omit<ResponseOf<'getSso'>, 'message'>;

const splitDomains = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);

/**
 * The form: both protocols' fields, the chosen one's checked as the API's body checks them, and the
 * domains typed one per line (checked as the server's list).
 */
const ssoForm = z
  .object({
    protocol: z.enum(['oidc', 'saml']),
    issuer: z.string(),
    clientId: z.string(),
    clientSecret: z.string().optional(),
    metadataXml: z.string(),
    domains: z.string(),
    jit: oidcSettingsBody.shape.jit,
    mandatory: oidcSettingsBody.shape.mandatory,
  })
  // One refinement for all, so every field's message shows at once.
  .superRefine((v, ctx) => {
    const own =
      v.protocol === 'saml'
        ? samlSettingsBody.pick({ metadataXml: true }).safeParse({ metadataXml: v.metadataXml })
        : oidcSettingsBody.pick({ issuer: true, clientId: true, clientSecret: true }).safeParse({ issuer: v.issuer, clientId: v.clientId, clientSecret: v.clientSecret });
    if (!own.success) for (const issue of own.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    const list = oidcSettingsBody.shape.domains.safeParse(splitDomains(v.domains));
    if (!list.success) ctx.addIssue({ code: 'custom', path: ['domains'], message: list.error.issues[0]?.message ?? MSG.genericError });
  })
  .transform((v) => ({ ...v, domains: splitDomains(v.domains) }));
type Form = SchemaForm<typeof ssoForm>;
type FormValues = z.output<typeof ssoForm>;

const FIELDS = ['issuer', 'clientId', 'clientSecret', 'metadataXml', 'jit', 'mandatory'] as const;

const defaultsOf = (s: SsoSettings) => ({ protocol: s.protocol, issuer: s.protocol === 'oidc' ? s.issuer : '', clientId: s.clientId, clientSecret: '', metadataXml: '', domains: s.domains.join('\n'), jit: s.jit, mandatory: s.mandatory });

/** The API's body of the form's values: the chosen protocol's fields only (an empty secret keeps the saved one). */
function bodyOf(v: FormValues): SsoSettingsBody {
  const rules = { domains: v.domains, jit: v.jit, mandatory: v.mandatory };
  if (v.protocol === 'saml') return { protocol: 'saml', ...(v.metadataXml.trim() ? { metadataXml: v.metadataXml } : {}), ...rules };
  return { protocol: 'oidc', issuer: v.issuer, clientId: v.clientId, ...(v.clientSecret ? { clientSecret: v.clientSecret } : {}), ...rules };
}

export function SsoSettingsTab({ session }: { session: Session }) {
  const brand = effectiveBrand(session);
  const settings = useSsoSettings(brand?._id);
  if (!brand) return <p className="muted">{UI.noBrand}</p>;
  if (settings.error) return <p className="muted">{UI.loadFailed}</p>;
  if (!settings.data) return <Spinner label={UI.loading} />;
  return <SsoSettingsForm key={brand._id} brandId={brand._id} brandName={brand.name} saved={settings.data} />;
}

/** Days before a signing certificate's expiry from which its admin is warned. */
const CERT_WARNING_DAYS = 30;

/**
 * How long the identity provider's signing certificate is valid (its last day, UTC): a warning
 * from 30 days before, since sign-ins stop once the provider signs with a new one we were not given.
 */
function CertificateValidity({ until }: { until: string }) {
  // The day the screen was opened: the count does not move while it stays open.
  const [now] = useState(() => Date.now());
  const days = Math.floor((Date.parse(`${until}T23:59:59.999Z`) - now) / 86_400_000);
  const date = formatDate(until);
  if (days > CERT_WARNING_DAYS) return <dd data-testid="sso-saml-cert">{UI.samlCertValidUntil(date)}</dd>;
  return (
    <dd data-testid="sso-saml-cert" className="sso-settings__warning" role="status">
      {days < 0 ? UI.samlCertExpired(date) : UI.samlCertExpiresSoon(date, days)}
    </dd>
  );
}

/** A 400's issues under their fields: each refused domain's message under the domains (the server names the domain). */
function placeIssues(form: Form, err: unknown): boolean {
  const domainMessages = err instanceof ApiError && err.status === 400 ? err.issues.filter((i) => i.path === 'domains' || i.path.startsWith('domains.')).map((i) => i.message) : [];
  if (domainMessages.length) form.setError('domains', { type: 'server', message: [...new Set(domainMessages)].join(' ') });
  return showServerIssues(form, err, FIELDS) || domainMessages.length > 0;
}

function SsoSettingsForm({ brandId, brandName, saved }: { brandId: string; brandName: string; saved: SsoSettings }) {
  const form = useSchemaForm(ssoForm, defaultsOf(saved));
  const { register, handleSubmit, formState } = form;
  const save = useSaveSsoSettings(brandId);
  const [pending, setPending] = useState<FormValues | null>(null);
  const protocol = form.watch('protocol');
  const ids = { intro: useId(), jit: useId(), mandatory: useId(), mandatoryHint: useId() };

  const send = async (values: FormValues) => {
    try {
      const out = await save.trigger(bodyOf(values));
      setPending(null);
      form.reset(defaultsOf(out));
      notify.success(out.message ?? SSO_MSG.saved);
    } catch (err) {
      setPending(null);
      if (!placeIssues(form, err)) handleError(err);
    }
  };

  const onSubmit = handleSubmit(
    (body) => {
      // Turning mandatory on locks the domains' passwords out: asked first.
      if (body.mandatory && !saved.mandatory) setPending(body);
      else void send(body);
    },
    (errors) => notify.warning(firstErrorMessage(errors) ?? MSG.genericError),
  );

  const copy = async (text: string, copied: string = UI.copied, failed: string = UI.copyFailed) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(copied);
    } catch {
      notify.warning(failed);
    }
  };

  return (
    <form className="sso-settings" onSubmit={onSubmit} noValidate aria-label={UI.formLabel(brandName)} aria-describedby={ids.intro}>
      <h2 className="sso-settings__title">{UI.title}</h2>
      <p id={ids.intro} className="sso-settings__intro">
        {UI.intro}
      </p>
      {!saved.configured ? (
        <div className="sso-settings__empty" data-testid="sso-not-set">
          <p className="sso-settings__empty-title">{UI.notSet}</p>
          <p>{UI.notSetNext(brandName)}</p>
        </div>
      ) : null}

      <fieldset className="sso-settings__group">
        <legend>{UI.protocol}</legend>
        <label className="sso-settings__choice">
          <input type="radio" value="oidc" {...register('protocol')} /> {UI.protocolOidc}
        </label>
        <label className="sso-settings__choice">
          <input type="radio" value="saml" {...register('protocol')} /> {UI.protocolSaml}
        </label>
      </fieldset>

      {protocol === 'saml' ? (
        <>
          <dl className="sso-settings__facts">
            <CopyFact label={UI.samlEntityId} value={saved.samlServiceProvider.entityId} copyLabel={UI.copyEntityId} onCopy={copy} testId="sso-saml-entity-id" />
            <CopyFact label={UI.samlAcsUrl} value={saved.samlServiceProvider.acsUrl} copyLabel={UI.copyAcsUrl} onCopy={copy} hint={UI.samlRegisterHint} testId="sso-saml-acs-url" />
            {saved.protocol === 'saml' && saved.samlIdp ? (
              <div className="sso-settings__fact">
                <dt>{UI.samlSavedIdp}</dt>
                <dd data-testid="sso-saml-idp">{UI.samlSavedIdpValue(saved.samlIdp.entityId, saved.samlIdp.ssoUrl, saved.samlIdp.certificates)}</dd>
                {saved.samlIdp.validUntil ? <CertificateValidity until={saved.samlIdp.validUntil} /> : null}
              </div>
            ) : null}
          </dl>
          <fieldset className="sso-settings__group">
            <legend>{UI.provider}</legend>
            <TextAreaField label={UI.samlMetadata} rows={6} autoComplete="off" spellCheck={false} hint={saved.protocol === 'saml' && saved.samlIdp ? UI.samlMetadataKept : UI.samlMetadataHint} registration={register('metadataXml')} error={formState.errors.metadataXml} />
          </fieldset>
        </>
      ) : (
        <>
          <dl className="sso-settings__facts">
            <CopyFact label={UI.redirectUri} value={saved.redirectUri} copyLabel={UI.copyLabel} onCopy={copy} hint={UI.redirectUriHint} testId="sso-redirect-uri" />
          </dl>
          <fieldset className="sso-settings__group">
            <legend>{UI.provider}</legend>
            <FormField label={UI.issuer} type="url" inputMode="url" autoComplete="off" spellCheck={false} hint={UI.issuerHint} registration={register('issuer')} error={formState.errors.issuer} />
            <FormField label={UI.clientId} autoComplete="off" spellCheck={false} registration={register('clientId')} error={formState.errors.clientId} />
            <FormField
              label={UI.clientSecret}
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              hint={saved.clientSecretSet ? UI.clientSecretKept : UI.clientSecretNew}
              registration={register('clientSecret')}
              error={formState.errors.clientSecret}
            />
          </fieldset>
        </>
      )}

      <fieldset className="sso-settings__group">
        <legend>{UI.domains}</legend>
        <TextAreaField label={UI.domains} labelHidden rows={3} autoComplete="off" spellCheck={false} hint={UI.domainsHint} registration={register('domains')} error={formState.errors.domains} />
        <SsoDomainList brandId={brandId} domains={saved.domainStatus} onCopy={copy} />
      </fieldset>

      <fieldset className="sso-settings__group" aria-describedby={formState.errors.jit ? ids.jit : undefined}>
        <legend>{UI.jit}</legend>
        <label className="sso-settings__choice">
          <input type="radio" value="create" {...register('jit')} /> {UI.jitCreate}
        </label>
        <label className="sso-settings__choice">
          <input type="radio" value="refuse" {...register('jit')} /> {UI.jitRefuse}
        </label>
        {formState.errors.jit?.message ? (
          <p id={ids.jit} className="field__error" role="alert">
            {formState.errors.jit.message}
          </p>
        ) : null}
      </fieldset>

      <div className="sso-settings__check">
        <input id={ids.mandatory} type="checkbox" aria-describedby={ids.mandatoryHint} {...register('mandatory')} />
        <label htmlFor={ids.mandatory}>{UI.mandatory}</label>
        <p id={ids.mandatoryHint} className="field__hint">
          {UI.mandatoryHint}
        </p>
      </div>

      <div className="sso-settings__actions">
        <Button type="submit" busy={save.isMutating && !pending}>
          {UI.save}
        </Button>
      </div>

      {saved.configured ? <SparedAccounts brandId={brandId} /> : null}

      {pending ? (
        <ConfirmDialog title={UI.confirmTitle} confirmLabel={UI.confirmYes} busy={save.isMutating} onConfirm={() => void send(pending)} onCancel={() => setPending(null)}>
          <p>{UI.confirmText}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
