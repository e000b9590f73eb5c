/**
 * Nothing fails silently in AWS (docs/operations.md), read off the synthesized template:
 *  - every function S3 invokes asynchronously has an on-failure destination (the failure queue),
 *    and every schedule's target a dead-letter queue (the same queue);
 *  - the failure queue is encrypted, keeps messages 14 days, is drained by the recorder, and has a
 *    dead-letter queue of its own;
 *  - every alarm (in the main stack and the routes' nested stacks) sends to the one alarm topic,
 *    whose email subscriber is the deploy config's `alarmEmail`; every function has an alarm.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NestedStack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { FIGURES } from '../../functions/lib/metrics';
import { METRICS_NAMESPACE } from '../../shared/constants';
import { ASYNC_INVOKE } from '../../infra/async-policy';
import type { RetailerAuditStack } from '../../infra/stack';
import { cleanup, logicalIdOf, resourcesOf, synth, templateOf } from './synth';

let built: ReturnType<typeof synth>;
let stack: RetailerAuditStack;
const ref = (c: Parameters<typeof logicalIdOf>[0]) => logicalIdOf(c);
/** Every template of the app: the main stack's and its nested stacks'. */
const templates = (): Template[] => [built.template, ...stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c)).map((n) => templateOf(n))];
const all = (type: string) => templates().flatMap((t) => Object.entries(resourcesOf(t, type)));

beforeAll(() => {
  built = synth({ webDist: null, context: { alarmEmail: 'oncall@brand-ops.example' } });
  stack = built.stack;
});
afterAll(cleanup);

describe('failure destinations', () => {
  it('every function S3 notifies has an on-failure destination: the failure queue, after 2 retries', () => {
    const notifications = Object.values(resourcesOf(built.template, 'Custom::S3BucketNotifications'));
    const targets = notifications.flatMap((n) => ((n.Properties?.NotificationConfiguration as { LambdaFunctionConfigurations?: { LambdaFunctionArn: { 'Fn::GetAtt': [string, string] } }[] }).LambdaFunctionConfigurations ?? []).map((c) => c.LambdaFunctionArn['Fn::GetAtt'][0]));
    expect(targets.length).toBeGreaterThanOrEqual(2);
    const configs = Object.values(resourcesOf(built.template, 'AWS::Lambda::EventInvokeConfig')).map((c) => c.Properties as { FunctionName: { Ref: string }; MaximumRetryAttempts: number; MaximumEventAgeInSeconds: number; DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [string, string] } } } });
    for (const fn of new Set(targets)) {
      const config = configs.find((c) => c.FunctionName.Ref === fn);
      expect(config, `${fn} has no event invoke config`).toBeDefined();
      expect(config!.DestinationConfig.OnFailure.Destination).toEqual({ 'Fn::GetAtt': [ref(stack.operations.failureQueue), 'Arn'] });
      expect(config!.MaximumRetryAttempts).toBe(ASYNC_INVOKE.retryAttempts);
      expect(config!.MaximumEventAgeInSeconds).toBe(ASYNC_INVOKE.maxEventAgeHours * 3600);
    }
  });

  it('every schedule target sends what it cannot deliver to the failure queue', () => {
    const rules = Object.values(resourcesOf(built.template, 'AWS::Events::Rule'));
    // The monthly report, the daily and weekly digests, the daily check of overdue cases, the daily check of the robots, the daily re-check of the SSO domains.
    expect(rules.length).toBe(6);
    for (const r of rules) for (const t of r.Properties!.Targets as { DeadLetterConfig?: { Arn: unknown } }[]) expect(t.DeadLetterConfig?.Arn).toEqual({ 'Fn::GetAtt': [ref(stack.operations.failureQueue), 'Arn'] });
  });

  it('the failure queue is encrypted, keeps 14 days, is drained by the recorder (partial batch answers), and has its own dead-letter queue', () => {
    const queues = resourcesOf(built.template, 'AWS::SQS::Queue');
    const q = queues[ref(stack.operations.failureQueue)]!.Properties!;
    expect(q.SqsManagedSseEnabled).toBe(true);
    expect(q.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    expect(q.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [ref(stack.operations.recorderDeadLetters), 'Arn'] }, maxReceiveCount: ASYNC_INVOKE.recorderMaxReceives });
    const mapping = Object.values(resourcesOf(built.template, 'AWS::Lambda::EventSourceMapping')).map((m) => m.Properties!);
    expect(mapping).toContainEqual(expect.objectContaining({ EventSourceArn: { 'Fn::GetAtt': [ref(stack.operations.failureQueue), 'Arn'] }, FunctionName: { Ref: ref(stack.operations.recorder.fn) }, FunctionResponseTypes: ['ReportBatchItemFailures'] }));
    // The recorder knows each asynchronously invoked function by what it does.
    const env = (resourcesOf(built.template, 'AWS::Lambda::Function')[ref(stack.operations.recorder.fn)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(JSON.stringify(env.ASYNC_FUNCTIONS)).toContain(ref(stack.pipeline.ingest.fn));
    expect(JSON.stringify(env.ASYNC_FUNCTIONS)).toContain(ref(stack.pipeline.basketExport.fn));
    expect(JSON.stringify(env.ASYNC_FUNCTIONS)).toContain(ref(stack.pipeline.tabExport.fn));
  });

  it.each([
    ['tab-export', 'Tab export', 'tabExport'],
    ['permissions-export', 'Permissions export', 'permissionsExport'],
    ['contacts-export', 'Contacts export', 'contactsExport'],
    ['case-activity-export', 'Case activity export', 'caseActivityExport'],
  ] as const)('the %s worker (every export is a job) has its on-failure destination, its tries, its errors alarm, and is a redrive target', (source, label, worker) => {
    const fn = stack.pipeline[worker];
    const fnId = ref(fn.fn);
    const config = Object.values(resourcesOf(built.template, 'AWS::Lambda::EventInvokeConfig')).map((c) => c.Properties!).find((p) => (p.FunctionName as { Ref: string }).Ref === fnId);
    expect(config, 'no event invoke config').toBeDefined();
    expect((config!.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination).toEqual({ 'Fn::GetAtt': [ref(stack.operations.failureQueue), 'Arn'] });
    expect(config!.MaximumRetryAttempts).toBe(ASYNC_INVOKE.retryAttempts);
    const env = (resourcesOf(built.template, 'AWS::Lambda::Function')[ref(stack.operations.recorder.fn)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(JSON.stringify(env.ASYNC_FUNCTIONS)).toContain(source);
    expect(JSON.stringify(env.ASYNC_FUNCTIONS)).toContain(fnId);
    const alarms = Object.values(resourcesOf(built.template, 'AWS::CloudWatch::Alarm')).filter((a) => JSON.stringify(a.Properties!.Metrics ?? []).includes(`"Ref":"${fnId}"`));
    expect(alarms.length).toBeGreaterThanOrEqual(1);
    expect(String(alarms[0]!.Properties!.AlarmDescription)).toMatch(new RegExp(`^${label}: errors and throttles`));
    expect(stack.operations.redriveTargets).toContain(fn);
  });
});

describe('alarms', () => {
  it('every alarm of every stack sends to the one alarm topic, which emails the configured address', () => {
    const alarms = all('AWS::CloudWatch::Alarm');
    expect(alarms.length).toBeGreaterThan(100);
    const topic = ref(stack.operations.topic);
    for (const [id, a] of alarms) {
      const actions = a.Properties!.AlarmActions as unknown[];
      expect(actions, id).toHaveLength(1);
      // The main stack names the topic; a nested stack gets it as a parameter.
      expect(JSON.stringify(actions[0]), id).toMatch(new RegExp(`^\\{"Ref":"(${topic}|[^"]*${topic.replace(/[0-9A-F]{8}$/, '')}[^"]*)"\\}$`));
    }
    const subs = Object.values(resourcesOf(built.template, 'AWS::SNS::Subscription')).map((s) => s.Properties!);
    expect(subs).toEqual([expect.objectContaining({ Protocol: 'email', Endpoint: 'oncall@brand-ops.example', TopicArn: { Ref: topic } })]);
    const t = resourcesOf(built.template, 'AWS::SNS::Topic')[topic]!.Properties!;
    expect(t.KmsMasterKeyId).toBeDefined();
  });

  it('every Lambda function of the product has an errors-and-throttles alarm', () => {
    const functions = all('AWS::Lambda::Function').filter(([id]) => !/^(BucketNotificationsHandler|CustomCDKBucketDeployment)/.test(id));
    const watched = new Set(
      all('AWS::CloudWatch::Alarm').flatMap(([, a]) => ((a.Properties!.Metrics as { MetricStat?: { Metric: { Dimensions?: { Name: string; Value: { Ref: string } }[] } } }[] | undefined) ?? []).flatMap((m) => m.MetricStat?.Metric.Dimensions?.filter((d) => d.Name === 'FunctionName').map((d) => d.Value.Ref) ?? [])),
    );
    expect(functions.length).toBeGreaterThan(90);
    for (const [id] of functions) expect(watched.has(id), `${id} has no alarm`).toBe(true);
  });

  it('alarms the failed deliveries, the recorder\'s dead letters, both state machines, the schedules, the API\'s 5xx and DynamoDB throttling', () => {
    expect([...stack.operations.alarms.keys()].sort()).toEqual(
      [
        'FailedDeliveries',
        'FailureQueueBacklog',
        'RecorderDeadLetters',
        'ApprovalExecutionsFailed',
        'ApprovalExecutionsTimedOut',
        'ContentChecksExecutionsFailed',
        'ContentChecksExecutionsTimedOut',
        'ReportsExecutionsFailed',
        'ReportsExecutionsTimedOut',
        'MonthlyReportScheduleFailed',
        'DailyDigestScheduleFailed',
        'WeeklyDigestScheduleFailed',
        'CaseEscalationScheduleFailed',
        'RobotHealthScheduleFailed',
        'SsoDomainsScheduleFailed',
        'EvidenceNotKept',
        'CaseEmailsFailed',
        'Api5xx',
        'DynamoDbThrottles',
      ].sort(),
    );
  });

  it("alarms on case work that does not fail its call: pictures not kept, an email to the followers not sent (figures the functions record)", () => {
    for (const id of ['EvidenceNotKept', 'CaseEmailsFailed'] as const) {
      const m = stack.operations.alarms.get(id)!.metric as Metric;
      expect([m.namespace, m.metricName], id).toEqual([METRICS_NAMESPACE, id]);
      expect(FIGURES, id).toHaveProperty(id);
    }
  });

  it('has an operations dashboard', () => {
    built.template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });
});

describe("the API's only way in", () => {
  const DOMAIN = 'api-origin.brand-ops.example';
  const CERT = 'arn:aws:acm:eu-west-1:123456789012:certificate/0a1b2c3d-1111-2222-3333-444455556666';

  it('with its own domain, the execute-api address is off and CloudFront reaches the API through that domain only', () => {
    const withDomain = synth({ webDist: null, context: { apiDomain: DOMAIN, apiCertificateArn: CERT } });
    const api = Object.values(resourcesOf(withDomain.template, 'AWS::ApiGatewayV2::Api'));
    expect(api).toHaveLength(1);
    expect(api[0]!.Properties!.DisableExecuteApiEndpoint).toBe(true);
    expect(Object.values(resourcesOf(withDomain.template, 'AWS::ApiGatewayV2::DomainName')).map((d) => d.Properties!.DomainName)).toEqual([DOMAIN]);
    withDomain.template.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    const dist = Object.values(resourcesOf(withDomain.template, 'AWS::CloudFront::Distribution'))[0]!.Properties!.DistributionConfig as { Origins: { DomainName: unknown; Id: string }[]; CacheBehaviors: { PathPattern: string; TargetOriginId: string }[] };
    const apiOrigin = dist.Origins.find((o) => o.Id === dist.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!.TargetOriginId)!;
    expect(apiOrigin.DomainName).toBe(DOMAIN);
    expect(Object.keys(withDomain.template.findOutputs('ApiDomainTarget'))).toEqual(['ApiDomainTarget']);
  });

  it('without one, the execute-api address stays on (origin header only) and the synth says so', () => {
    expect(Object.values(resourcesOf(built.template, 'AWS::ApiGatewayV2::Api'))[0]!.Properties!.DisableExecuteApiEndpoint).toBe(false);
    const notes = built.app.node.findAll().flatMap((c) => c.node.metadata.filter((m) => m.type === 'aws:cdk:info').map((m) => String(m.data)));
    expect(notes.some((w) => w.includes("The API's execute-api address stays enabled"))).toBe(true);
  });

  it('refuses half a domain or a certificate that is no ACM ARN', () => {
    expect(() => synth({ webDist: null, context: { apiDomain: DOMAIN } })).toThrow('Context "apiDomain" and "apiCertificateArn" go together');
    expect(() => synth({ webDist: null, context: { apiDomain: DOMAIN, apiCertificateArn: 'arn:aws:iam::123456789012:role/x' } })).toThrow('Context "apiCertificateArn" must be an ACM certificate ARN');
  });
});
