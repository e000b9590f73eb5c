/**
 * The API construct against the route table: one route and one function per entry, our function
 * defaults, and least-privilege grants derived from each entry's `grants`. Routes live in nested
 * stacks, one per handler folder, to stay clear of CloudFormation's 500-resource limit.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '../../shared/routes';
import { API_FUNCTION_DEFAULTS, ApiFunction } from '../../infra/constructs/api-function';
import { Email } from '../../infra/constructs/email';
import { Storage } from '../../infra/constructs/storage';
import type { RetailerAuditStack } from '../../infra/stack';
import { actionsOfRole, cleanup, logicalIdOf, resourcesOf, synth, templateOf } from './synth';

const table = routes as readonly RouteDef[];
const has = (r: RouteDef, g: string) => (r.grants as readonly string[]).includes(g);
let built: ReturnType<typeof synth>;
let stack: RetailerAuditStack;

const fnOf = (id: string) => {
  const fn = stack.api.functions.get(id);
  if (!fn) throw new Error(`no function for route ${id}`);
  return fn;
};
const fnProps = (id: string) => resourcesOf(templateOf(fnOf(id).fn), 'AWS::Lambda::Function')[logicalIdOf(fnOf(id).fn)]?.Properties ?? {};
const actionsOf = (id: string) => actionsOfRole(templateOf(fnOf(id).role), logicalIdOf(fnOf(id).role));
const envOf = (id: string) => (fnProps(id).Environment as { Variables: Record<string, unknown> } | undefined)?.Variables ?? {};
const routeStacks = () => [...stack.api.routeStacks.values()];

/** The deployed stack's SSO secret names' prefix (cdk.json's stage: `RetailerAudit-prod`). */
let SSO_PREFIX = '';

beforeAll(() => {
  built = synth();
  stack = built.stack;
  SSO_PREFIX = `sso/${stack.stackName}/`;
});
afterAll(cleanup);

describe('one route and one function per route-table entry', () => {
  it('has exactly as many API routes as the table, with the same route keys', () => {
    const keys = routeStacks().flatMap((s) => Object.values(resourcesOf(templateOf(s), 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties?.RouteKey));
    built.template.resourceCountIs('AWS::ApiGatewayV2::Route', 0);
    expect(keys).toHaveLength(table.length);
    expect(new Set(keys)).toEqual(new Set(table.map((r) => `${r.method} ${r.path}`)));
  });

  it('has exactly one function per entry; the other functions are the pipeline\'s, the schedules\', the failure recorder and CDK\'s own', () => {
    expect(stack.api.functions.size).toBe(table.length);
    const inRouteStacks = routeStacks().flatMap((s) => Object.keys(resourcesOf(templateOf(s), 'AWS::Lambda::Function')).map((id) => `${s.node.id}/${id}`));
    expect(new Set(inRouteStacks)).toEqual(new Set(table.map((r) => `${Stack.of(fnOf(r.id).fn).node.id}/${logicalIdOf(fnOf(r.id).fn)}`)));
    const pipeline = new Set([...stack.pipeline.tasks.values(), ...stack.pipeline.checkTasks.values(), stack.pipeline.ingest, stack.pipeline.basketExport, stack.pipeline.tabExport, stack.pipeline.permissionsExport, stack.pipeline.contactsExport, stack.pipeline.caseActivityExport, ...stack.schedules.tasks.values(), stack.operations.recorder].map((f) => logicalIdOf(f.fn)));
    const others = Object.keys(resourcesOf(built.template, 'AWS::Lambda::Function')).filter((id) => !pipeline.has(id));
    expect(others.sort()).toEqual([expect.stringMatching(/^BucketNotificationsHandler/), expect.stringMatching(/^CustomCDKBucketDeployment/)]);
  });

  it("routes each entry to its own function on our one HTTP API, with the route's handler module", () => {
    for (const s of routeStacks()) {
      const t = templateOf(s);
      const integrations = resourcesOf(t, 'AWS::ApiGatewayV2::Integration');
      const byKey = new Map(Object.values(resourcesOf(t, 'AWS::ApiGatewayV2::Route')).map((r) => [r.Properties?.RouteKey, r.Properties]));
      for (const r of table.filter((x) => Stack.of(fnOf(x.id).fn) === s)) {
        const target = byKey.get(`${r.method} ${r.path}`)?.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
        const integration = integrations[target['Fn::Join'][1][1].Ref]?.Properties;
        expect(integration?.IntegrationUri, r.id).toEqual({ 'Fn::GetAtt': [logicalIdOf(fnOf(r.id).fn), 'Arn'] });
        expect(integration?.PayloadFormatVersion).toBe('2.0');
        expect(integration?.ApiId).toEqual({ Ref: 'HttpApiId' });
        expect(fnOf(r.id).node.id).toBe(r.id);
      }
    }
    const apiRef = { Ref: logicalIdOf(stack.api.httpApi) };
    for (const n of Object.values(resourcesOf(built.template, 'AWS::CloudFormation::Stack'))) {
      expect((n.Properties?.Parameters as Record<string, unknown>).HttpApiId).toEqual(apiRef);
    }
  });

  it('groups routes by handler folder, each nested stack well under the 500-resource limit', () => {
    for (const [folder, s] of stack.api.routeStacks) {
      for (const r of table.filter((x) => Stack.of(fnOf(x.id).fn) === s)) expect(r.handler.startsWith(`functions/${folder}/`), r.id).toBe(true);
      expect(Object.keys(templateOf(s).toJSON().Resources).length).toBeLessThan(350);
    }
    expect(Object.keys(built.template.toJSON().Resources).length).toBeLessThan(350);
  });
});

describe('function defaults', () => {
  it('runs every route on Node.js 22, arm64, with its own log group', () => {
    for (const r of table) {
      expect(fnProps(r.id).Runtime, r.id).toBe('nodejs22.x');
      expect(fnProps(r.id).Architectures, r.id).toEqual(['arm64']);
      expect(fnProps(r.id).Handler).toBe('index.handler');
      expect(fnProps(r.id).LoggingConfig).toEqual({ LogGroup: { Ref: logicalIdOf(fnOf(r.id).logGroup) } });
    }
    for (const s of routeStacks()) templateOf(s).allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: Match.anyValue() });
  });

  it('bundles with local esbuild: no Docker, minified, source maps, ESM entry points first, node22', () => {
    expect(API_FUNCTION_DEFAULTS.bundling).toMatchObject({
      forceDockerBundling: false,
      minify: true,
      sourceMap: true,
      mainFields: ['module', 'main'],
      target: 'node22',
    });
  });

  it('gives functions no AWS managed policy: only writing to their own log group', () => {
    for (const r of table) {
      const role = resourcesOf(templateOf(fnOf(r.id).role), 'AWS::IAM::Role')[logicalIdOf(fnOf(r.id).role)];
      expect(role?.Properties?.ManagedPolicyArns, r.id).toBeUndefined();
      expect(actionsOf(r.id)).toEqual(expect.arrayContaining(['logs:CreateLogStream', 'logs:PutLogEvents']));
    }
  });
});

describe('least-privilege grants from the route table', () => {
  it('a read-only route can read the table but not write it', () => {
    const readOnly = table.filter((r) => has(r, 'table:read') && !has(r, 'table:write'));
    expect(readOnly.length).toBeGreaterThan(0);
    for (const r of readOnly) {
      const actions = actionsOf(r.id);
      expect(actions, r.id).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
      for (const a of ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']) expect(actions, r.id).not.toContain(a);
      expect(envOf(r.id).TABLE_NAME).toBeDefined();
    }
  });

  it('every route granted table:read may GetItem and Query, writing routes included', () => {
    for (const r of table.filter((x) => has(x, 'table:read'))) expect(actionsOf(r.id), r.id).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    // The settings save reads the stored version before its conditional put.
    expect(actionsOf('updateSettings')).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem']));
  });

  it('a writing route can write the table', () => {
    for (const r of table.filter((x) => has(x, 'table:write'))) expect(actionsOf(r.id), r.id).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem']));
  });

  it('a route with email:send may send from our identity only, with our From address, and has SES_FROM and APP_URL', () => {
    const senders = table.filter((r) => has(r, 'email:send'));
    expect(senders.length).toBeGreaterThan(0);
    for (const r of senders) {
      expect(actionsOf(r.id), r.id).toEqual(expect.arrayContaining(['ses:SendEmail', 'ses:SendRawEmail']));
      expect(envOf(r.id)).toMatchObject({ SES_FROM: stack.email.fromAddress, APP_URL: { Ref: 'AppUrl' } });
      const policies = Object.values(resourcesOf(templateOf(fnOf(r.id).role), 'AWS::IAM::Policy'));
      const statements = policies.flatMap((p) => (p.Properties!.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown; Condition?: unknown }[] }).Statement);
      for (const s of statements.filter((x) => [x.Action].flat().includes('ses:SendEmail'))) {
        expect(s.Resource).toEqual({ Ref: 'SesIdentityArn' });
        expect(s.Condition).toEqual({ StringEquals: { 'ses:FromAddress': stack.email.fromAddress } });
      }
    }
  });

  it('a route without email:send cannot send email and has no SES_FROM', () => {
    for (const r of table.filter((x) => !has(x, 'email:send'))) {
      expect(actionsOf(r.id).filter((a) => a.startsWith('ses:')), r.id).toEqual([]);
      expect(envOf(r.id).SES_FROM, r.id).toBeUndefined();
    }
  });

  it("a route refusing the product's own domains (single sign-on, issue 36) knows the app's and the sender's addresses, not how to send", () => {
    const ids = table.filter((x) => x.productDomains).map((x) => x.id);
    expect(ids.sort()).toEqual(['updateSso', 'verifySsoDomain']);
    for (const id of ids) {
      expect(Object.keys(envOf(id)), id).toEqual(expect.arrayContaining(['APP_URL', 'SENDER_ADDRESS']));
      expect(actionsOf(id).filter((a) => a.startsWith('ses:')), id).toEqual([]);
    }
  });

  const secretsReadBy = (id: string) =>
    Object.values(resourcesOf(templateOf(fnOf(id).role), 'AWS::IAM::Policy'))
      .filter((p) => ((p.Properties?.Roles ?? []) as { Ref?: string }[]).some((x) => x.Ref === logicalIdOf(fnOf(id).role)))
      .flatMap((p) => (p.Properties!.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement)
      .filter((x) => [x.Action].flat().includes('secretsmanager:GetSecretValue'))
      .flatMap((x) => [x.Resource].flat().map((res) => JSON.stringify(res)));

  it('the routes answering with an export app link have APP_URL, without the right to send email', () => {
    for (const id of ['exportFile', 'getExportHistory', 'exportBucketData', 'getBasketExport'] as const) {
      expect(envOf(id).APP_URL, id).toEqual({ Ref: 'AppUrl' });
      expect(envOf(id).SES_FROM, id).toBeUndefined();
    }
  });

  it('the B2B portal link routes: issuing has APP_URL (the link it answers) and no email; the portal calls only read and write the table', () => {
    expect(envOf('createB2bLink').APP_URL).toEqual({ Ref: 'AppUrl' });
    for (const id of ['createB2bLink', 'listB2bLinks', 'revokeB2bLink', 'openB2bPortal', 'getB2bPortal'] as const) {
      expect(envOf(id).SES_FROM, id).toBeUndefined();
      expect(envOf(id).DATA_BUCKET, id).toBeUndefined();
      expect(actionsOf(id).filter((a) => a.startsWith('s3:') || a.startsWith('ses:') || a.startsWith('states:')), id).toEqual([]);
      expect(actionsOf(id).some((a) => a.startsWith('dynamodb:Get')), id).toBe(true);
    }
    for (const id of ['listB2bLinks', 'getB2bPortal'] as const) expect(actionsOf(id).filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)), id).toEqual([]);
    // The exchange writes only the address throttle counter; issuing and revoking write the link.
    for (const id of ['createB2bLink', 'revokeB2bLink', 'openB2bPortal'] as const) expect(actionsOf(id).some((a) => a === 'dynamodb:PutItem' || a === 'dynamodb:UpdateItem'), id).toBe(true);
    for (const id of ['listB2bLinks', 'revokeB2bLink', 'getB2bPortal', 'openB2bPortal'] as const) expect(envOf(id).APP_URL, id).toBeUndefined();
  });

  it('the passkey ceremonies have APP_URL (the relying party id and origin), the list, rename and remove do not; none sends email or touches the bucket', () => {
    for (const id of ['passkeyRegisterOptions', 'registerPasskey', 'passkeyLoginOptions', 'loginPasskey'] as const) expect(envOf(id).APP_URL, id).toEqual({ Ref: 'AppUrl' });
    for (const id of ['listPasskeys', 'renamePasskey', 'deletePasskey'] as const) expect(envOf(id).APP_URL, id).toBeUndefined();
    for (const id of ['passkeyRegisterOptions', 'registerPasskey', 'passkeyLoginOptions', 'loginPasskey', 'listPasskeys', 'renamePasskey', 'deletePasskey'] as const) {
      expect(envOf(id).SES_FROM, id).toBeUndefined();
      expect(actionsOf(id).filter((a) => a.startsWith('s3:') || a.startsWith('ses:') || a.startsWith('states:')), id).toEqual([]);
    }
  });

  it('only non-public routes, login, its second step and the passkey sign-in, the export and picture link checks, the B2B portal exchange and the public forms (captcha key, optional reporter) may read the JWT secret', () => {
    const publicForms = ['getCaptcha', 'scheduleDemo', 'contactUs'];
    for (const r of table) {
      const needs = r.access !== 'public' || r.id === 'login' || r.id === 'loginMfa' || r.id === 'ssoExchange' || r.id === 'loginPasskey' || r.id === 'downloadExport' || r.id === 'openImage' || r.id === 'openB2bPortal' || publicForms.includes(r.id);
      expect(secretsReadBy(r.id).includes(JSON.stringify({ Ref: 'JwtSecretArn' })), r.id).toBe(needs);
      expect(envOf(r.id).JWT_SECRET_ARN !== undefined, r.id).toBe(needs);
    }
  });

  it('every route reads the origin secret (requests must come through CloudFront) and no other secret', () => {
    for (const r of table) {
      expect(envOf(r.id).ORIGIN_SECRET_ARN, r.id).toEqual({ Ref: 'OriginSecretArn' });
      expect(secretsReadBy(r.id), r.id).toContain(JSON.stringify({ Ref: 'OriginSecretArn' }));
      expect(secretsReadBy(r.id).filter((x) => !x.includes('OriginSecretArn') && !x.includes('JwtSecretArn') && !(['ssoCallback', 'updateSso'].includes(r.id) && x.includes(`:secret:${SSO_PREFIX}*`))), r.id).toEqual([]);
    }
  });

  it("the brands' SSO client secrets (sso/<stack>/*): the callback reads them, the settings' save writes them, no other route touches them", () => {
    const ssoStatements = (id: string) =>
      Object.values(resourcesOf(templateOf(fnOf(id).role), 'AWS::IAM::Policy'))
        .filter((p) => ((p.Properties?.Roles ?? []) as { Ref?: string }[]).some((x) => x.Ref === logicalIdOf(fnOf(id).role)))
        .flatMap((p) => (p.Properties!.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement)
        .filter((x) => JSON.stringify(x.Resource).includes(':secret:sso/'));
    // Only this stack's names: another stage's functions in the same account hold another prefix.
    for (const id of ['ssoCallback', 'updateSso']) {
      expect(ssoStatements(id).map((x) => JSON.stringify(x.Resource)).every((r) => r.includes(`:secret:${SSO_PREFIX}*`)), id).toBe(true);
      expect(envOf(id).SSO_SECRET_PREFIX, id).toBe(SSO_PREFIX);
    }
    for (const r of table.filter((x) => !['ssoCallback', 'updateSso'].includes(x.id))) expect(envOf(r.id).SSO_SECRET_PREFIX, r.id).toBeUndefined();
    expect(ssoStatements('ssoCallback').flatMap((x) => [x.Action].flat())).toEqual(['secretsmanager:GetSecretValue']);
    expect(ssoStatements('updateSso').flatMap((x) => [x.Action].flat()).sort()).toEqual(['secretsmanager:CreateSecret', 'secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue']);
    for (const r of table.filter((x) => !['ssoCallback', 'updateSso'].includes(x.id))) expect(ssoStatements(r.id), r.id).toEqual([]);
  });

  it('a route without data grants cannot touch the data bucket', () => {
    for (const r of table.filter((x) => !has(x, 'data:read') && !has(x, 'data:write'))) {
      expect(actionsOf(r.id).filter((a) => a.startsWith('s3:')), r.id).toEqual([]);
      expect(envOf(r.id).DATA_BUCKET, r.id).toBeUndefined();
    }
  });

  it('workflow:start lets a route start the approval state machine and read its executions, nothing else', () => {
    const starters = table.filter((r) => has(r, 'workflow:start'));
    for (const r of starters) {
      expect(actionsOf(r.id).filter((a) => a.startsWith('states:')).sort(), r.id).toEqual(['states:DescribeExecution', 'states:StartExecution']);
      expect(envOf(r.id).STATE_MACHINE_ARN, r.id).toEqual({ Ref: 'StateMachineArn' });
    }
    for (const r of table.filter((x) => !has(x, 'workflow:start') && !has(x, 'async:redrive') && !has(x, 'checks:start'))) expect(actionsOf(r.id).filter((a) => a.startsWith('states:')), r.id).toEqual([]);
  });

  it('checks:start lets a route start the content-checks state machine, nothing else of Step Functions', () => {
    const starters = table.filter((r) => has(r, 'checks:start'));
    expect(starters.map((r) => r.id)).toEqual(['checkSuggestionsAgain']);
    for (const r of starters) {
      expect(actionsOf(r.id).filter((a) => a.startsWith('states:')).sort(), r.id).toEqual(['states:StartExecution']);
      expect(envOf(r.id).CHECKS_STATE_MACHINE_ARN, r.id).toEqual({ Ref: 'ChecksStateMachineArn' });
    }
  });

  it('async:redrive lets a route invoke the asynchronously triggered functions and start the schedules\' state machine, nothing else', () => {
    const redrivers = table.filter((r) => has(r, 'async:redrive'));
    expect(redrivers.map((r) => r.id)).toEqual(['redriveFailedDelivery']);
    for (const r of redrivers) {
      expect(actionsOf(r.id).filter((a) => a.startsWith('states:') || a.startsWith('lambda:')).sort(), r.id).toEqual(['lambda:InvokeFunction', 'states:StartExecution']);
    }
    for (const r of table.filter((x) => !has(x, 'async:redrive'))) expect(actionsOf(r.id).filter((a) => a.startsWith('lambda:')), r.id).toEqual([]);
  });

  it('passes a nested stack only the parameters its routes bind', () => {
    for (const s of routeStacks()) {
      const group = table.filter((r) => Stack.of(fnOf(r.id).fn) === s);
      const params = Object.keys(templateOf(s).toJSON().Parameters ?? {}).filter((p) => !p.startsWith('BootstrapVersion'));
      expect(params.includes('AppUrl'), s.node.id).toBe(group.some((r) => has(r, 'email:send') || r.appLinks === true));
      expect(params.includes('DataBucketArn'), s.node.id).toBe(group.some((r) => has(r, 'data:read') || has(r, 'data:write')));
      expect(params.includes('StateMachineArn'), s.node.id).toBe(group.some((r) => has(r, 'workflow:start')));
      expect(params.includes('ChecksStateMachineArn'), s.node.id).toBe(group.some((r) => has(r, 'checks:start')));
    }
  });
});

describe('bind helpers on routes the table may have later', () => {
  // An existing handler module with made-up grants: the helpers, not the handler, are under test.
  const probe = (id: string, grants: RouteDef['grants']): RouteDef => ({ id, method: 'GET', path: `/probe/${id}`, handler: 'functions/roles/list.ts', access: 'admin', grants });

  it('data:read reads objects and lists; data:write writes without reading; neither gets wildcard actions', () => {
    const { stack: s } = synth({ routes: [probe('reader', ['data:read']), probe('writer', ['data:write'])], webDist: null });
    const actions = (id: string) => {
      const fn = s.api.functions.get(id)!;
      return actionsOfRole(templateOf(fn.role), logicalIdOf(fn.role));
    };
    expect(actions('reader')).toEqual(expect.arrayContaining(['s3:GetObject', 's3:ListBucket']));
    expect(actions('reader')).not.toContain('s3:PutObject');
    expect(actions('writer')).toEqual(expect.arrayContaining(['s3:PutObject', 's3:DeleteObject']));
    expect(actions('writer')).not.toContain('s3:GetObject');
    expect([...actions('reader'), ...actions('writer')].filter((a) => a.startsWith('s3:') && a.includes('*'))).toEqual([]);
  });

  it('workflow:start without a state machine stops the synth, naming what is missing', () => {
    const s = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Probe');
    const storage = new Storage(s, 'Storage');
    const resources = { table: storage.table, dataBucket: storage.dataBucket, email: new Email(s, 'Email', { fromAddress: 'a@b.test' }), appUrl: 'https://x.test', jwtSecret: new Secret(s, 'S') };
    const fn = new ApiFunction(s, 'starter', { handler: 'functions/roles/list.ts', resources });
    expect(() => fn.bindGrants(['workflow:start'])).toThrow(/starter.*workflow:start.*state machine/);
  });
});

describe('HTTP API stage', () => {
  it('is the $default stage (no prefix), auto-deployed, throttled, with JSON access logs', () => {
    built.template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    built.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context\\.requestId') },
    });
  });

  it('has no CORS configuration (same origin behind CloudFront)', () => {
    built.template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP', CorsConfiguration: Match.absent() });
  });

  it('keeps the stack environment-agnostic', () => {
    expect(stack.resolve(stack.region)).toEqual({ Ref: 'AWS::Region' });
    expect(stack.resolve(stack.account)).toEqual({ Ref: 'AWS::AccountId' });
  });
});
