/**
 * The one stack: storage, email, API, web, the file pipeline and the schedules (the EventBridge
 * rules starting the scheduled reports, infra/constructs/schedules.ts), composed here.
 *
 * One stack rather than data/api/web stacks: the email-sending functions need the app's address
 * (APP_URL = the distribution's domain, unless context `appDomain` names one) and the distribution
 * needs the API's endpoint. Across stacks that is an export cycle; inside one stack it is a plain
 * dependency order (email functions → distribution → API resource, nothing back: the distribution
 * depends on the API's endpoint, never on its routes or functions), which CloudFormation resolves.
 * So no SSM parameter or post-deploy step is needed for APP_URL.
 * Environment-agnostic (no account/region, no look-ups): synthesizes offline.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { routes as routeTable, type RouteDef } from '../shared/routes';
import type { AppConfig } from './config';
import { TABLE_KEYS } from './table-schema';
import { Api } from './constructs/api';
import type { FunctionResources } from './constructs/api-function';
import { Email } from './constructs/email';
import { Operations } from './constructs/operations';
import { Pipeline } from './constructs/pipeline';
import { Schedules } from './constructs/schedules';
import { Storage } from './constructs/storage';
import { Web } from './constructs/web';

export interface RetailerAuditStackProps extends StackProps {
  config: AppConfig;
  /** The built SPA to deploy (`web/dist`), when there is one. */
  webDist?: string;
  /** Defaults to the route table; the tests pass it explicitly. */
  routes?: readonly RouteDef[];
}

export class RetailerAuditStack extends Stack {
  readonly storage: Storage;
  readonly email: Email;
  readonly api: Api;
  readonly web: Web;
  readonly pipeline: Pipeline;
  readonly schedules: Schedules;
  readonly operations: Operations;

  constructor(scope: Construct, id: string, props: RetailerAuditStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.storage = new Storage(this, 'Storage');
    this.email = new Email(this, 'Email', { fromAddress: config.sesFromAddress });
    this.api = new Api(this, 'Api', {
      logLevel: config.logLevel,
      ...(config.apiDomain && config.apiCertificateArn ? { domain: { name: config.apiDomain, certificateArn: config.apiCertificateArn } } : {}),
    });
    this.web = new Web(this, 'Web', {
      apiOriginHost: this.api.originHost,
      originSecret: this.api.originSecret,
      webAclArn: config.webAclArn,
      logsBucket: this.storage.logsBucket,
      appDomain: config.appDomain,
      certificateArn: config.certificateArn,
      webDist: props.webDist,
      recaptcha: config.publicForms.captcha.provider === 'recaptcha',
    });

    this.storage.allowUploadsFrom(this.web.appUrl);
    // APP_URL comes from the distribution (or appDomain), which exists by now (see above).
    const resources: FunctionResources = {
      table: this.storage.table,
      dataBucket: this.storage.dataBucket,
      email: this.email,
      appUrl: this.web.appUrl,
      jwtSecret: this.api.jwtSecret,
      publicForms: config.publicForms,
    };
    // Nothing fails silently (docs/operations.md): the failure queue and its recorder, the alarms, the dashboard.
    this.operations = new Operations(this, 'Operations', { resources, logLevel: config.logLevel, alarmEmail: config.alarmEmail });
    this.pipeline = new Pipeline(this, 'Pipeline', { resources, logLevel: config.logLevel });
    this.schedules = new Schedules(this, 'Schedules', { resources, logLevel: config.logLevel, deadLetterQueue: this.operations.failureQueue });
    const ops = this.operations;
    ops.watchAsync('ingest', this.pipeline.ingest);
    ops.watchAsync('basket-export', this.pipeline.basketExport);
    ops.watchAsync('tab-export', this.pipeline.tabExport);
    ops.watchAsync('permissions-export', this.pipeline.permissionsExport);
    ops.watchAsync('contacts-export', this.pipeline.contactsExport);
    ops.watchAsync('case-activity-export', this.pipeline.caseActivityExport);
    this.api.addRouteTable(props.routes ?? routeTable, {
      ...resources,
      stateMachine: this.pipeline.approval,
      checksMachine: this.pipeline.checks,
      originSecret: this.api.originSecret,
      redriveTargets: { functions: ops.redriveTargets.map((f) => f.fn), stateMachines: [this.schedules.reports] },
    });

    ops.watchStateMachine('Approval', this.pipeline.approval, 'File approval');
    ops.watchStateMachine('ContentChecks', this.pipeline.checks, 'Content checks');
    ops.watchStateMachine('Reports', this.schedules.reports, 'Scheduled reports');
    for (const [job, rule] of this.schedules.rules) ops.watchSchedule(job.replace(/(^|-)(\w)/g, (_, _d: string, c: string) => c.toUpperCase()), rule);
    const functions = [
      ...[...this.api.functions].map(([routeId, fn]) => [`Route ${routeId}`, fn] as const),
      ...[...this.pipeline.tasks].map(([state, fn]) => [`Approval task ${state}`, fn] as const),
      ...[...this.pipeline.checkTasks].map(([state, fn]) => [`Checks task ${state}`, fn] as const),
      ['Ingest', this.pipeline.ingest] as const,
      ['Basket export', this.pipeline.basketExport] as const,
      ['Tab export', this.pipeline.tabExport] as const,
      ['Permissions export', this.pipeline.permissionsExport] as const,
      ['Contacts export', this.pipeline.contactsExport] as const,
      ['Case activity export', this.pipeline.caseActivityExport] as const,
      ...[...this.schedules.tasks].map(([state, fn]) => [`Reports task ${state}`, fn] as const),
      ['Failure recorder', ops.recorder] as const,
    ];
    for (const [name, fn] of functions) ops.watchFunction(fn, name);
    ops.watchApi(this.api.httpApi);
    ops.watchTable(this.storage.table, TABLE_KEYS.indexes.map((i) => i.name));
    ops.addDashboard();

    new CfnOutput(this, 'AppUrl', { value: this.web.appUrl, description: 'The web app (and the API under /api)' });
    new CfnOutput(this, 'TableName', { value: this.storage.table.tableName });
    new CfnOutput(this, 'DataBucketName', { value: this.storage.dataBucket.bucketName });
    new CfnOutput(this, 'SiteBucketName', { value: this.web.bucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'FailureQueueUrl', { value: ops.failureQueue.queueUrl, description: 'Failed asynchronous deliveries (recorded in the post office; docs/operations.md)' });
    new CfnOutput(this, 'AlarmTopicArn', { value: ops.topic.topicArn });
    if (this.api.domainTarget) {
      new CfnOutput(this, 'ApiDomainTarget', { value: this.api.domainTarget, description: `Point ${config.apiDomain} here (a CNAME): CloudFront reaches the API through that name only` });
    }
  }
}
