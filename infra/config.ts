/**
 * What the CDK app reads from its context (cdk.json, or `-c key=value` on the command line), checked
 * once, plus the feature flags the app is written against.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CURRENTLY_RECOMMENDED_FLAGS } from 'aws-cdk-lib/cx-api';
import type { Node } from 'constructs';

/** The repository root: handler paths in the route table are relative to it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The prefix of a stack's single sign-on client secrets' names in Secrets Manager
 * (`sso/<stack name>/`): its functions' grant and SSO_SECRET_PREFIX (constructs/api-function.ts)
 * and the deploy's backfill (scripts/backfill.ts) name them alike.
 */
export const ssoSecretPrefixOf = (stack: { stackName: string }) => `sso/${stack.stackName}/`;

export interface AppConfig {
  /** Deployment stage (`prod`, `dev`, ...): part of the stack name, so stages live side by side. */
  stage: string;
  /** The address emails are sent from; an SES email identity is created for it. */
  sesFromAddress: string;
  /** Custom domain of the web app (no scheme), or undefined to use the CloudFront domain. */
  appDomain?: string;
  /** ACM certificate (us-east-1) for `appDomain`; with it CloudFront serves the domain itself. */
  certificateArn?: string;
  /** ARN of the CloudFront web ACL (the Edge stack's `WebAclArn` output) to put on the distribution. */
  webAclArn?: string;
  /** LOG_LEVEL of every function. */
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** The public forms (docs/decisions.md "Captcha", "Public forms"). */
  publicForms: PublicFormsConfig;
  /**
   * The API's own host name (e.g. `api-origin.example.com`) and its regional ACM certificate (in
   * the stack's region). With them the API's execute-api address is switched off and CloudFront
   * reaches the API only through this name (docs/operations.md "The API's only way in").
   */
  apiDomain?: string;
  apiCertificateArn?: string;
  /** Who receives the alarms (an email subscription of the alarm topic, confirmed from the first email: docs/operations.md). */
  alarmEmail: string;
}

/**
 * The public forms' configuration: the inboxes of demo requests and bug reports (default: the
 * From address) and the captcha: `recaptcha` when both `recaptchaSiteKey` and `recaptchaSecretArn`
 * (a Secrets Manager secret holding the reCAPTCHA secret key) are given, else the local signed challenge.
 */
export interface PublicFormsConfig {
  salesInbox: string;
  supportInbox: string;
  captcha: { provider: 'local' } | { provider: 'recaptcha'; siteKey: string; secretArn: string };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN = /^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

function str(node: Node, key: string): string | undefined {
  const v: unknown = node.tryGetContext(key);
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new Error(`Context "${key}" must be a string, got ${JSON.stringify(v)}`);
  return v.trim() || undefined;
}

/** Reads and checks the context; a bad value stops the synth with one sentence saying which. */
export function readConfig(node: Node): AppConfig {
  const stage = str(node, 'stage') ?? 'prod';
  if (!/^[a-z][a-z0-9-]{0,19}$/i.test(stage)) throw new Error(`Context "stage" must be letters, digits and dashes (got "${stage}")`);

  const sesFromAddress = str(node, 'sesFromAddress');
  if (!sesFromAddress || !EMAIL.test(sesFromAddress)) {
    throw new Error(`Context "sesFromAddress" must be an email address (got "${sesFromAddress ?? ''}"): cdk deploy -c sesFromAddress=no-reply@your-domain`);
  }

  const alarmEmail = str(node, 'alarmEmail');
  if (!alarmEmail || !EMAIL.test(alarmEmail)) {
    throw new Error(`Context "alarmEmail" must be an email address (got "${alarmEmail ?? ''}"): who is told when something fails, cdk deploy -c alarmEmail=ops@your-domain`);
  }

  const appDomain = str(node, 'appDomain')?.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  if (appDomain && !DOMAIN.test(appDomain)) throw new Error(`Context "appDomain" must be a host name such as app.example.com (got "${appDomain}")`);

  const certificateArn = str(node, 'certificateArn');
  if (certificateArn && !appDomain) throw new Error('Context "certificateArn" needs "appDomain" (the name the certificate is for)');
  if (certificateArn && !/^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new Error('Context "certificateArn" must be an ACM certificate ARN in us-east-1 (CloudFront only reads certificates from there)');
  }

  const apiDomain = str(node, 'apiDomain')?.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  const apiCertificateArn = str(node, 'apiCertificateArn');
  if (Boolean(apiDomain) !== Boolean(apiCertificateArn)) throw new Error('Context "apiDomain" and "apiCertificateArn" go together (the API\'s own host name and its regional certificate)');
  if (apiDomain && !DOMAIN.test(apiDomain)) throw new Error(`Context "apiDomain" must be a host name such as api-origin.example.com (got "${apiDomain}")`);
  if (apiCertificateArn && !/^arn:aws[\w-]*:acm:[a-z0-9-]+:\d{12}:certificate\/[\w-]+$/.test(apiCertificateArn)) throw new Error('Context "apiCertificateArn" must be an ACM certificate ARN in the stack\'s region');

  const webAclArn = str(node, 'webAclArn');
  if (webAclArn && !/^arn:aws[\w-]*:wafv2:us-east-1:\d{12}:global\/webacl\/[\w-]+\/[\w-]+$/.test(webAclArn)) {
    throw new Error('Context "webAclArn" must be a WAFv2 web ACL ARN of scope CLOUDFRONT (arn:aws:wafv2:us-east-1:<account>:global/webacl/<name>/<id>)');
  }

  const logLevel = str(node, 'logLevel') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) throw new Error(`Context "logLevel" must be one of ${LOG_LEVELS.join(', ')}`);

  const salesInbox = str(node, 'salesInbox') ?? sesFromAddress;
  const supportInbox = str(node, 'supportInbox') ?? sesFromAddress;
  for (const [k, v] of [['salesInbox', salesInbox], ['supportInbox', supportInbox]] as const) if (!EMAIL.test(v)) throw new Error(`Context "${k}" must be an email address (got "${v}")`);
  const siteKey = str(node, 'recaptchaSiteKey');
  const secretArn = str(node, 'recaptchaSecretArn');
  if (Boolean(siteKey) !== Boolean(secretArn)) throw new Error('Context "recaptchaSiteKey" and "recaptchaSecretArn" go together (reCAPTCHA needs both; without them the captcha is the local signed challenge)');
  if (secretArn && !/^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:[\w/+=.@-]+$/.test(secretArn)) throw new Error('Context "recaptchaSecretArn" must be a Secrets Manager secret ARN');
  const captcha: PublicFormsConfig['captcha'] = siteKey && secretArn ? { provider: 'recaptcha', siteKey, secretArn } : { provider: 'local' };

  return { stage, sesFromAddress, appDomain, certificateArn, webAclArn, logLevel: logLevel as AppConfig['logLevel'], publicForms: { salesInbox, supportInbox, captcha }, alarmEmail, apiDomain, apiCertificateArn };
}

/**
 * Feature flags: the set `cdk init` writes into a new app's cdk.json for this (pinned) aws-cdk-lib.
 * Applied by `createApp()` so the tests build exactly the app `cdk synth` builds; context from
 * cdk.json or the command line still wins. After upgrading aws-cdk-lib, `cdk diff` before deploying.
 */
export const FEATURE_FLAGS: Record<string, unknown> = { ...CURRENTLY_RECOMMENDED_FLAGS };
