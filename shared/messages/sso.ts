/** Texts of single sign-on per brand (issue 26 step 3, OIDC; ours, not the spec's). */
export const SSO = {
  /** Minutes a sign-in started at the company's provider may take (the SSOSTATE item's life). */
  stateMinutes: 10,
  /** Seconds the app's one-time code of a finished sign-in lives (the SSOCODE item). */
  codeSeconds: 60,
  /** Domains one brand may reserve. */
  maxDomains: 20,
  /** A page of GET /sso/{brandId}/accounts. */
  accountsPageSize: 25,
  /** Where the provider sends the browser back to, under the app's address. */
  callbackPath: '/api/sso/oidc/callback',
  /** The SPA page a finished sign-in lands on (with `#code=`), and the login page errors land on (with `?sso=`). */
  landingPath: '/sso/done',
} as const;

/**
 * A domain's proof of ownership (issue 36): the DNS TXT record a brand publishes. Its name is the
 * domain under this prefix, its value this prefix and the domain's token (each brand its own).
 */
export const SSO_DNS = {
  recordPrefix: '_retailer-audit-verification',
  valuePrefix: 'retailer-audit-verification=',
  /** Hours a domain's DNS answer may take to change (what the messages tell). */
  propagationHours: 24,
} as const;

export const SSO_MSG = {
  // The brand's settings (PUT /sso/{brandId}).
  issuerRequired: 'Enter the issuer URL of your identity provider.',
  issuerInvalid: 'The issuer must be an https:// URL, like https://login.example.com/tenant/v2.0.',
  issuerUnreachable: 'No OpenID provider answered at this issuer URL, or its discovery document names another issuer. Check the URL with your identity provider.',
  clientIdRequired: 'Enter the client ID your identity provider gave this application.',
  clientSecretRequired: 'Enter the client secret your identity provider gave this application.',
  clientSecretTooLong: 'The client secret is too long (at most 512 characters).',
  domainsRequired: 'Add at least one email domain of your company.',
  tooManyDomains: `At most ${SSO.maxDomains} domains.`,
  domainInvalid: (d: string) => `"${d}" is not an email domain: enter it like example.com.`,
  domainPublic: (d: string) => `${d} is a public mail provider: anyone can have an address there, so it cannot be your company's single sign-on domain.`,
  domainTaken: (d: string) => `${d} is already used by another brand's single sign-on. A domain belongs to one brand; contact support if it is yours.`,
  domainSuffix: (d: string) => `${d} is a public suffix: anyone can register a domain under it, so it cannot be your company's single sign-on domain. Enter your company's own domain, like example.co.uk.`,
  domainProduct: (d: string) => `${d} is this application's own domain: it cannot be a brand's single sign-on domain.`,
  domainRelated: (d: string, other: string) => `${d} is within or above ${other}, a domain another brand's single sign-on has verified. A domain belongs to one brand; contact support if it is yours.`,
  // A domain's verification (POST /sso/{brandId}/domains/{domain}/verify, and the daily re-check).
  domainNotListed: (d: string) => `${d} is not one of this brand's single sign-on domains. Add it and save first.`,
  domainVerified: (d: string) => `${d} is verified: its people now sign in with your single sign-on.`,
  domainStillVerified: (d: string) => `${d} is verified: its record is still published.`,
  domainRecordMissing: (d: string, name: string, value: string) => `No verification record was found for ${d} yet. Publish a TXT record named ${name} with the value ${value}, then check again (a new record can take up to ${SSO_DNS.propagationHours} hours to be seen).`,
  domainRecordWrong: (d: string, name: string, value: string) => `The TXT record ${name} does not have this brand's value. Set its value to ${value}, then check again.`,
  domainDnsUnreachable: (d: string) => `The DNS of ${d} could not be reached just now: nothing was changed. Try again in a few minutes.`,
  domainLost: (d: string, name: string, value: string) => `${d} is no longer verified: its TXT record ${name} was not found. Its people sign in with a password until you publish it again with the value ${value}.`,
  domainGone: (d: string) => `${d} was removed from this brand's single sign-on meanwhile.`,

  domainTwice: (d: string) => `${d} is listed twice.`,
  jitInvalid: 'Choose what happens on a first sign-in: create the user, or refuse.',
  protocolInvalid: 'Choose the protocol of your identity provider: OIDC or SAML.',
  saved: 'Single sign-on settings saved.',
  savedPending: 'Single sign-on settings saved. Publish the TXT record of each new domain, then check it: a domain counts once it is verified.',
  // POST /login/method
  emailRequired: 'Enter your email address.',
  emailInvalid: 'Enter a valid email address.',
  // The sign-in (errors land on the login page, ?sso=<key>).
  notConfigured: 'Single sign-on is not set up for this email address. Sign in with your password.',
  started: 'Your single sign-on took too long or was already used. Start again.',
  otherBrowser: 'This single sign-on was started in another browser, or your browser did not keep its cookie. Start again here.',
  providerError: 'Your company’s sign-in did not complete. Start again, or contact your administrator.',
  providerDenied: 'Your company’s sign-in was cancelled or refused.',
  unavailable: 'Your company’s identity provider could not be reached. Try again in a few minutes.',
  emailUnverified: 'Your company’s identity provider did not confirm your email address, so it cannot sign you in here.',
  wrongDomain: 'Your company’s identity provider signed you in with an email address that is not of this company’s domains.',
  otherBrand: 'This account cannot sign in with this company’s single sign-on. Contact your administrator.',
  noAccount: 'There is no account for this email address, and your company has chosen not to create accounts on a first sign-in. Ask your administrator to add you.',
  accountDisabled: 'This account is deactivated. Contact your administrator.',
  codeExpired: 'Your sign-in took too long or this link was already used. Start again.',
  /** The password refused for a domain whose brand made single sign-on mandatory. */
  passwordRefused: (label: string) => `Your company signs you in with single sign-on: choose “Continue with ${label}” on the sign-in page.`,
  /**
   * POST /forgotPassword for a mandatory domain, to every caller alike (issue 36): the brand's people
   * get no link; an account it spares (a site admin's, another brand's) gets one by email.
   */
  resetRefused: (label: string) =>
    `Your company signs you in with single sign-on: choose “Continue with ${label}” on the sign-in page. If your account is not one of ${label}’s, we have emailed you a link to reset your password.`,
  /** POST /register of an address whose domain is a brand's single sign-on domain (issue 36). */
  registerRefused: (label: string) => `This address belongs to ${label}, which signs its people in with single sign-on: choose “Continue with ${label}” on the sign-in page instead of registering.`,
  /** POST /passkeys/login of a person held by their brand's mandatory single sign-on (issue 36). */
  passkeyRefused: (label: string) => `Your company signs you in with single sign-on, so your passkeys are not used: choose “Continue with ${label}” on the sign-in page.`,
  /** My Account › Passkeys, for such a person: why their passkeys are listed as inactive. */
  passkeysInactive: (label: string) => `Inactive: ${label} signs you in with single sign-on, so your passkeys are not used to sign in.`,
} as const;

/** The ?sso= keys a failed sign-in lands on the login page with (their texts above). */
export const SSO_ERRORS = ['notConfigured', 'started', 'otherBrowser', 'providerError', 'providerDenied', 'unavailable', 'emailUnverified', 'wrongDomain', 'otherBrand', 'noAccount', 'accountDisabled', 'codeExpired'] as const;
export type SsoErrorKey = (typeof SSO_ERRORS)[number];

/** What the web's screens of single sign-on say. */
export const SSO_UI = {
  continue: 'Continue',
  checking: 'Checking…',
  continueWith: (label: string) => `Continue with ${label}`,
  usePassword: 'Use my password instead',
  /** Mandatory single sign-on: for the accounts it spares (a site admin's, another brand's: issue 36). */
  notCompanyAccount: (label: string) => `Not a ${label} account? Use my password`,
  changeEmail: 'Use another email',
  ssoText: (label: string) => `${label} signs you in with your company account.`,
  finishing: 'Signing you in…',
  backToLogin: 'Back to sign in',
  // The brand's SSO tab (Settings → Single sign-on; web/src/features/sso-settings).
  tab: 'Single sign-on',
  title: 'Single sign-on',
  formLabel: (brand: string) => `Single sign-on of ${brand}`,
  intro: 'Let your people sign in with your company’s identity provider (Entra ID, Okta, Google Workspace…). Register this application there with the addresses below, then enter what it gives you.',
  notSet: 'Single sign-on is not set up for this brand yet: everyone signs in with a password.',
  notSetNext: (brand: string) => `Fill in the form below with what your identity provider gives you and save: people of your email domains then see “Continue with ${brand}” on the sign-in page.`,
  protocol: 'Protocol',
  protocolValue: 'OpenID Connect (OIDC)',
  protocolOidc: 'OpenID Connect (OIDC)',
  protocolSaml: 'SAML 2.0',
  samlEntityId: 'Entity ID (audience)',
  samlAcsUrl: 'Assertion consumer service URL',
  samlRegisterHint: 'Register these two at your identity provider as this application’s entity ID and reply (ACS) URL, with the NameID as the email address; assertions must be signed.',
  copyEntityId: 'Copy the entity ID',
  copyAcsUrl: 'Copy the assertion consumer service URL',
  samlSavedIdp: 'Identity provider in use',
  samlSavedIdpValue: (entityId: string, ssoUrl: string, certs: number) => `${entityId}, signing in at ${ssoUrl} (${certs} signing certificate${certs === 1 ? '' : 's'})`,
  samlCertValidUntil: (date: string) => `Signing certificate valid until ${date}.`,
  samlCertExpiresSoon: (date: string, days: number) =>
    `The signing certificate expires on ${date}, ${days === 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`}. When your identity provider rotates it, paste its new metadata below, or sign-ins will stop.`,
  samlCertExpired: (date: string) => `The signing certificate expired on ${date}. If your identity provider has rotated it, paste its current metadata below, or sign-ins will fail.`,
  samlMetadata: 'Identity provider metadata (XML)',
  samlMetadataHint: 'Paste the SAML metadata XML your identity provider gives for this application (Entra ID: Federation Metadata XML; Okta: Identity Provider metadata).',
  samlMetadataKept: 'Leave empty to keep the identity provider above; paste new metadata to replace it (a new signing certificate, say).',
  redirectUri: 'Redirect URI',
  redirectUriHint: 'Register this address at your identity provider as the application’s redirect (callback) URI.',
  copy: 'Copy',
  copyLabel: 'Copy the redirect URI',
  copied: 'Redirect URI copied.',
  copyFailed: 'The redirect URI could not be copied: select it and copy it yourself.',
  provider: 'Your identity provider',
  issuer: 'Issuer URL',
  issuerHint: 'Like https://login.microsoftonline.com/<tenant>/v2.0 or https://<company>.okta.com.',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  clientSecretKept: 'A secret is saved; leave empty to keep it.',
  clientSecretNew: 'Shown once by your identity provider. It is stored encrypted and never shown again.',
  domains: 'Email domains',
  domainsHint: 'One per line, like example.com. Addresses of these domains are sent to your identity provider.',
  domainsProof: 'Domain verification',
  domainsProofIntro: 'A domain counts only once your company proves it owns it: publish its TXT record at your DNS provider, then choose “Check now”. Every domain is checked again each day; one whose record is gone stops signing people in and your brand admins are emailed.',
  domainPending: 'Pending',
  domainVerified: 'Verified',
  domainProblem: 'Needs attention',
  domainStatusLabel: (d: string, status: string) => `${d}: ${status}`,
  recordName: 'TXT record name',
  recordValue: 'TXT record value',
  copyRecordName: (d: string) => `Copy the TXT record name of ${d}`,
  copyRecordValue: (d: string) => `Copy the TXT record value of ${d}`,
  recordCopied: 'TXT record copied.',
  recordCopyFailed: 'The TXT record could not be copied: select it and copy it yourself.',
  checkNow: 'Check now',
  checkNowLabel: (d: string) => `Check now: ${d}`,
  verifiedOn: (date: string) => `Verified on ${date}.`,
  lastChecked: (date: string) => `Last checked on ${date}.`,
  jit: 'Someone of these domains without an account signs in',
  jitCreate: 'Create a User account on first sign-in',
  jitRefuse: 'Refuse people without an account',
  mandatory: 'Require single sign-on for these domains: no passwords',
  mandatoryHint: 'Signing in with a password and resetting a password are refused for these domains.',
  confirmTitle: 'Require single sign-on?',
  confirmText: 'People with these domains will no longer sign in with a password. They sign in only through your identity provider, so check that it works first.',
  confirmYes: 'Require single sign-on',
  save: 'Save',
  loading: 'Loading single sign-on settings…',
  loadFailed: 'The single sign-on settings could not be loaded.',
  noBrand: 'Choose a brand first: single sign-on is set per brand.',
  // Settings › Single sign-on › the accounts single sign-on spares (issue 36).
  sparedTitle: 'Other accounts of your domains',
  sparedIntro: 'These accounts have an address of your verified domains but are not your brand’s people: site administrators and other brands’ users. Single sign-on does not apply to them; they keep signing in with their password.',
  sparedNone: 'No other accounts have an address of your verified domains.',
  sparedLoading: 'Loading the other accounts…',
  sparedFailed: 'The other accounts could not be loaded.',
  sparedKind: { admin: 'Site administrator', otherBrand: 'Another brand’s user' },
  sparedStatus: { active: 'Active', pending: 'Not activated', disabled: 'Deactivated' },
  sparedMore: 'Show more',
} as const;
