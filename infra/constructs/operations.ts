/**
 * Operations: nothing fails silently (docs/operations.md).
 *  - The failure queue (SQS, encrypted, 14 days): every asynchronously invoked function (S3
 *    notifications: the ingest and the basket export) sends an event that failed all its tries
 *    there (Lambda's on-failure destination), and every schedule sends an event it could not
 *    deliver (the EventBridge target's dead-letter queue).
 *  - Its consumer (functions/operations/record-failures.ts) records each message as a failed
 *    delivery in the post office and tells the admins; a message it cannot record goes, after its
 *    receives, to the recorder's own dead-letter queue.
 *  - One SNS topic (customer-managed KMS key: CloudWatch cannot publish to a topic under the AWS
 *    managed key) with the deploy config's `alarmEmail` subscribed, and an alarm on each way a
 *    thing can fail: failed deliveries, the queue not draining, the recorder's dead letters,
 *    approval and report executions failed or timed out, schedules that could not start, each
 *    function's errors and throttles, the API's 5xx rate, DynamoDB throttling.
 *  - A CloudWatch dashboard of the same figures and of the work done (the functions' EMF metrics,
 *    namespace METRICS_NAMESPACE).
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  SingleValueWidget,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Rule } from 'aws-cdk-lib/aws-events';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { FailureSource } from '../../functions/operations/domain/failures';
import { METRICS_NAMESPACE } from '../../shared/constants';
import type { Grant } from '../../shared/routes';
import { ASYNC_INVOKE } from '../async-policy';
import { ApiFunction, type FunctionResources } from './api-function';

/** What functions/operations/record-failures.ts touches: the failed delivery and its count, the notification, the settings' alert recipients, the alert email. */
export const RECORDER_GRANTS: readonly Grant[] = ['table:read', 'table:write', 'email:send'];

export { METRICS_NAMESPACE };

/**
 * An alarm on a function: errors + throttles at least `ERROR_ALARM.minCount` in five minutes and at
 * least `ERROR_ALARM.percent` of its invocations (a single error of a rarely called route is logged,
 * not paged; a failing route is).
 */
export const ERROR_ALARM = { minCount: 3, percent: 5, period: Duration.minutes(5) } as const;
/** The API's 5xx answers: at least this many in five minutes and this share of the requests. */
export const API_5XX_ALARM = { minCount: 5, percent: 2 } as const;

export interface OperationsProps {
  resources: Omit<FunctionResources, 'stateMachine'>;
  logLevel?: string;
  /** Where the alarms are emailed (deploy config `alarmEmail`). */
  alarmEmail: string;
}

export class Operations extends Construct {
  readonly topic: Topic;
  readonly failureQueue: Queue;
  readonly recorderDeadLetters: Queue;
  readonly recorder: ApiFunction;
  readonly dashboard: Dashboard;
  /** Every alarm made here, by id (the infra tests read them). */
  readonly alarms = new Map<string, Alarm>();
  private readonly asyncFunctions = new Map<FailureSource, ApiFunction>();
  private readonly watched: ApiFunction[] = [];

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);

    const key = new Key(this, 'AlarmTopicKey', { description: 'Encrypts the alarm topic (CloudWatch may publish with it)', enableKeyRotation: true });
    key.grantEncryptDecrypt(new ServicePrincipal('cloudwatch.amazonaws.com'));
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'Retailer audit alarms', masterKey: key, enforceSSL: true });
    this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    this.recorderDeadLetters = new Queue(this, 'RecorderDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(ASYNC_INVOKE.retentionDays),
    });
    this.failureQueue = new Queue(this, 'FailureQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(ASYNC_INVOKE.retentionDays),
      // Six times the recorder's timeout (AWS's advice for a Lambda event source).
      visibilityTimeout: Duration.minutes(3),
      deadLetterQueue: { queue: this.recorderDeadLetters, maxReceiveCount: ASYNC_INVOKE.recorderMaxReceives },
    });
    Validations.of(this.recorderDeadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This is the dead-letter queue of the failure queue; it alarms when it holds anything.',
    });

    this.recorder = new ApiFunction(this, 'FailureRecorder', {
      handler: 'functions/operations/record-failures.ts',
      description: 'Failure queue: records a failed delivery in the post office and tells the admins',
      resources: props.resources,
      logLevel: props.logLevel,
      timeout: Duration.seconds(30),
    });
    this.recorder.bindGrants(RECORDER_GRANTS);
    this.recorder.fn.addEventSource(new SqsEventSource(this.failureQueue, { batchSize: 10, reportBatchItemFailures: true }));

    this.alarm('FailedDeliveries', this.failureQueue.metricNumberOfMessagesSent({ period: Duration.minutes(5), statistic: 'Sum' }), 1, {
      description: 'An asynchronous delivery (a robot file ingest, a basket export, a schedule) failed every try. It is in the post office under Failed deliveries: read the reason, then Retry (docs/operations.md).',
    });
    // Case work that does not fail its call (issue 24): the case is kept either way, so these are counted and alarmed instead.
    const figure = (metricName: string) => new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service: 'retailer-audit' }, period: Duration.hours(1), statistic: 'Sum' });
    this.alarm('EvidenceNotKept', figure('EvidenceNotKept'), 1, {
      description: "A case's pictures could not be copied out of the scraped objects' 180-day expiry (the flag and its case stand). Run `npm run keep-evidence -- --stage <stage> --brand <id>` (docs/operations.md).",
    });
    this.alarm('CaseEmailsFailed', figure('CaseEmailsFailed'), 1, {
      description: "An email to a brand's followers about a case failed (a retailer's answer, a drafted second notice); the case and its log are kept. See the function's log for the brand and retailer.",
    });
    this.alarm('FailureQueueBacklog', this.failureQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }), 1, {
      evaluationPeriods: 3,
      description: 'The failure queue has held messages for 15 minutes: its recorder is not draining it (see the FailureRecorder function\'s errors).',
    });
    this.alarm('RecorderDeadLetters', this.recorderDeadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }), 1, {
      description: 'A failed delivery could not be recorded after 5 receives: it waits in the RecorderDeadLetters queue (docs/operations.md "Dead letters of the recorder").',
    });

    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `${Stack.of(this).stackName}-operations` });
  }

  /**
   * An asynchronously invoked function: its tries and its on-failure destination (the failure
   * queue), known to the recorder by `source`, and alarmed like every function.
   */
  watchAsync(source: FailureSource, fn: ApiFunction): void {
    fn.fn.configureAsyncInvoke({
      onFailure: new SqsDestination(this.failureQueue),
      retryAttempts: ASYNC_INVOKE.retryAttempts,
      maxEventAge: Duration.hours(ASYNC_INVOKE.maxEventAgeHours),
    });
    this.asyncFunctions.set(source, fn);
    this.recorder.fn.addEnvironment('ASYNC_FUNCTIONS', Stack.of(this).toJsonString(Object.fromEntries([...this.asyncFunctions].map(([s, f]) => [s, f.fn.functionArn]))));
  }

  /** The functions a redrive may send an event to again (functions/lib/invoke.ts). */
  get redriveTargets(): ApiFunction[] {
    return [...this.asyncFunctions.values()];
  }

  /** A state machine's failed and timed-out executions. */
  watchStateMachine(id: string, machine: StateMachine, what: string): void {
    this.alarm(`${id}ExecutionsFailed`, machine.metricFailed({ period: Duration.minutes(5), statistic: 'Sum' }), 1, { description: `${what}: an execution failed (Step Functions console: the execution's failed state and its error).` });
    this.alarm(`${id}ExecutionsTimedOut`, machine.metricTimedOut({ period: Duration.minutes(5), statistic: 'Sum' }), 1, { description: `${what}: an execution ran past its time limit.` });
  }

  /** A schedule: its target's dead letters go to the failure queue; a failed start alarms. */
  watchSchedule(id: string, rule: Rule): void {
    const failed = new Metric({ namespace: 'AWS/Events', metricName: 'FailedInvocations', dimensionsMap: { RuleName: rule.ruleName }, period: Duration.minutes(5), statistic: 'Sum' });
    this.alarm(`${id}ScheduleFailed`, failed, 1, { description: `The ${id} schedule could not start its job; the event is in the post office under Failed deliveries (Retry starts it).` });
  }

  /** A function's errors and throttles above a small rate (ERROR_ALARM); the alarm lives beside the function (its nested stack). */
  watchFunction(fn: ApiFunction, name: string): void {
    const period = ERROR_ALARM.period;
    const expr = new MathExpression({
      expression: `IF((e + t) >= ${ERROR_ALARM.minCount}, 100 * (e + t) / MAX([i, e + t]), 0)`,
      usingMetrics: { e: fn.fn.metricErrors({ period }), t: fn.fn.metricThrottles({ period }), i: fn.fn.metricInvocations({ period }) },
      period,
      label: `${name} errors + throttles (%)`,
    });
    const alarm = new Alarm(fn, 'ErrorsAlarm', {
      alarmDescription: `${name}: errors and throttles reached ${ERROR_ALARM.percent}% of its invocations (at least ${ERROR_ALARM.minCount} in 5 minutes). Its log group holds each error with its request id.`,
      metric: expr,
      threshold: ERROR_ALARM.percent,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    this.watched.push(fn);
  }

  /** The API's 5xx answers above a small rate. */
  watchApi(api: HttpApi): void {
    const period = Duration.minutes(5);
    const expr = new MathExpression({
      expression: `IF(s >= ${API_5XX_ALARM.minCount}, 100 * s / MAX([c, s]), 0)`,
      usingMetrics: { s: api.metricServerError({ period, statistic: 'Sum' }), c: api.metricCount({ period, statistic: 'Sum' }) },
      period,
      label: 'API 5xx (%)',
    });
    this.alarm('Api5xx', expr, API_5XX_ALARM.percent, { description: `The API answered 5xx to ${API_5XX_ALARM.percent}% of its requests (at least ${API_5XX_ALARM.minCount} in 5 minutes): see the functions' error alarms and logs.` });
  }

  /** DynamoDB throttling on the table and its indexes. */
  watchTable(table: ITable, indexes: readonly string[]): void {
    const period = Duration.minutes(5);
    const m = (metricName: string, index?: string) =>
      new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: table.tableName, ...(index ? { GlobalSecondaryIndexName: index } : {}) }, period, statistic: 'Sum' });
    const usingMetrics: Record<string, IMetric> = { r: m('ReadThrottleEvents'), w: m('WriteThrottleEvents') };
    indexes.slice(0, 4).forEach((ix, n) => {
      usingMetrics[`r${n}`] = m('ReadThrottleEvents', ix);
      usingMetrics[`w${n}`] = m('WriteThrottleEvents', ix);
    });
    const expr = new MathExpression({ expression: Object.keys(usingMetrics).join(' + '), usingMetrics, period, label: 'DynamoDB throttled events' });
    this.alarm('DynamoDbThrottles', expr, 1, { description: 'DynamoDB throttled requests of the table or an index (on-demand capacity: a sudden burst, or a hot partition).' });
  }

  /** The dashboard: the alarms' figures and the work done (EMF metrics). */
  addDashboard(): void {
    const emf = (metricName: string, label: string, statistic = 'Sum') =>
      new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service: 'retailer-audit' }, period: Duration.hours(1), statistic, label });
    const five = { period: Duration.minutes(5) };
    this.dashboard.addWidgets(
      new TextWidget({ markdown: '# Retailer audit: operations\nRunbook: docs/operations.md. Failed deliveries wait in the post office (Retry there, or `npm run redrive`).', width: 24, height: 2 }),
    );
    this.dashboard.addWidgets(
      new SingleValueWidget({ title: 'Failed deliveries (24 h)', metrics: [this.failureQueue.metricNumberOfMessagesSent({ period: Duration.days(1), statistic: 'Sum' })], width: 6 }),
      new SingleValueWidget({ title: 'Recorder dead letters', metrics: [this.recorderDeadLetters.metricApproximateNumberOfMessagesVisible()], width: 6 }),
      new AlarmStatusWidget({ title: 'Alarms', alarms: [...this.alarms.values()], width: 12 }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Files ingested, by flag', left: ['require_review', 'caution', 'unflagged'].map((flag) => new Metric({ namespace: METRICS_NAMESPACE, metricName: 'FilesIngested', dimensionsMap: { service: 'retailer-audit', flag }, period: Duration.hours(1), statistic: 'Sum', label: flag })), width: 8 }),
      new GraphWidget({ title: 'Approvals', left: [emf('ApprovalsPublished', 'published')], right: [emf('ApprovalDurationSeconds', 'duration p90 (s)', 'p90')], width: 8 }),
      new GraphWidget({ title: 'Rows staged', left: [emf('RowsStaged', 'rows')], width: 8 }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Emails sent', left: [emf('EmailsSent', 'emails')], width: 8 }),
      new GraphWidget({ title: 'Exports', left: [emf('Exports', 'exports')], right: [emf('ExportRows', 'rows')], width: 8 }),
      new GraphWidget({ title: 'Imports', left: [emf('ContactsImported', 'contacts imported')], width: 8 }),
    );
    this.dashboard.addWidgets(
      // Every function of this stack (their names start with the stack's), whatever their number.
      new GraphWidget({
        title: `Function errors and throttles (${this.watched.length} functions)`,
        left: [
          new MathExpression({ expression: `SEARCH('{AWS/Lambda,FunctionName} MetricName="Errors" ${Stack.of(this).stackName}', 'Sum', 300)`, label: 'errors', period: five.period }),
          new MathExpression({ expression: `SEARCH('{AWS/Lambda,FunctionName} MetricName="Throttles" ${Stack.of(this).stackName}', 'Sum', 300)`, label: 'throttles', period: five.period }),
        ],
        width: 24,
      }),
    );
  }

  private alarm(id: string, metric: IMetric, threshold: number, opts: { description: string; evaluationPeriods?: number }): Alarm {
    const alarm = new Alarm(this, `${id}Alarm`, {
      alarmDescription: opts.description,
      metric,
      threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: opts.evaluationPeriods ?? 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarms.set(id, alarm);
    return alarm;
  }
}
