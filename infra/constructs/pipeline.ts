/**
 * Pipeline: robot drops to approved data.
 *  - S3 object created under `incoming/` → the ingest Lambda (functions/files/ingest.ts): File record,
 *    comparison pages, review alert, or straight into approval.
 *  - The file-approval state machine: the ONE definition in infra/workflow/approval.ts (JSONPath,
 *    Lambda tasks), deployed with each `${<State>Arn}` substituted by its task function's ARN. The
 *    local stack runs the same definition with aws-local-stepfunctions.
 * Every Lambda here is an ApiFunction (same defaults and bind helpers as the API's).
 */
import { Duration, Size, Stack, Validations } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { EventType } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { Grant } from '../../shared/routes';
import { nagRef } from '../nag';
import { DATA_PREFIX } from '../table-schema';
import { APPROVAL_TASKS, approvalDefinition, type ApprovalTask } from '../workflow/approval';
import { CHECKS_TASKS, checksDefinition, CHECKS_TIMEOUT_SECONDS } from '../workflow/content-checks';
import { ApiFunction, type FunctionResources } from './api-function';

/**
 * What functions/files/ingest.ts touches: reads the drop, writes comparison pages, alerts, starts
 * approval (exported for test/infra/bundling.test.ts: its bundle may hold the clients of these only).
 */
export const INGEST_GRANTS: readonly Grant[] = ['table:read', 'table:write', 'data:read', 'data:write', 'email:send', 'workflow:start', 'checks:start'];

/** What functions/basket/export-worker.ts touches: the basket and job records, the job's request object, the export files. */
export const BASKET_EXPORT_GRANTS: readonly Grant[] = ['table:read', 'table:write', 'data:read', 'data:write'];
/** What functions/exports/export-worker.ts touches: the job, the tab's records and snapshots (the Permissions index, the contacts), the file's record and its history count, the notification; the request object and the file. */
export const TAB_EXPORT_GRANTS: readonly Grant[] = ['table:read', 'table:write', 'data:read', 'data:write'];
/** The export workers of the other kinds run the same handler: the same grants. */
export const EXPORT_JOB_GRANTS = TAB_EXPORT_GRANTS;

/** The basket export worker's /tmp: the xlsx and the zip of images (capped at 1.5 GB, functions/basket/export-job.ts). */
export const BASKET_EXPORT_TMP_MB = 2048;

export interface PipelineProps {
  resources: Omit<FunctionResources, 'stateMachine' | 'checksMachine'>;
  logLevel?: string;
}

export class Pipeline extends Construct {
  readonly approval: StateMachine;
  /** Approval task functions by state name. */
  readonly tasks = new Map<string, ApiFunction>();
  /** The content checks (infra/workflow/content-checks.ts): started after each publication and by a new catalogue. */
  readonly checks: StateMachine;
  readonly checkTasks = new Map<string, ApiFunction>();
  readonly ingest: ApiFunction;
  readonly basketExport: ApiFunction;
  readonly tabExport: ApiFunction;
  /** The admin's Permissions list and a brand's contacts: export jobs too, each kind its own function (its tries, failures and alarm). */
  readonly permissionsExport: ApiFunction;
  readonly contactsExport: ApiFunction;
  /** A retailer's case log (issue 24): an export job of its own kind too. */
  readonly caseActivityExport: ApiFunction;

  constructor(scope: Construct, id: string, props: PipelineProps) {
    super(scope, id);

    const taskFunctions = (scope: Construct, list: readonly ApprovalTask[], what: string, out: Map<string, ApiFunction>, resources: FunctionResources) => {
      for (const task of list) {
        const fn = new ApiFunction(scope, task.id, {
          handler: task.handler,
          description: `${what} task ${task.state}`,
          resources,
          logLevel: props.logLevel,
          // The state's own TimeoutSeconds (300 unless the task says): the function may use all of it, no more.
          timeout: Duration.seconds(task.timeoutSeconds ?? 300),
          ...(task.copyFiles ? { copyFiles: task.copyFiles } : {}),
          ...(task.memoryMb ? { memorySize: task.memoryMb } : {}),
          ...(task.semiSpaceMb ? { semiSpaceMb: task.semiSpaceMb } : {}),
        });
        fn.bindGrants(task.grants);
        out.set(task.state, fn);
      }
    };
    const machine = (id: string, definition: object, tasks: Map<string, ApiFunction>, timeout: Duration) => {
      const sm = new StateMachine(this, id, {
        // Standard, not Express: the approve call and the tests read the outcome with DescribeExecution.
        stateMachineType: StateMachineType.STANDARD,
        definitionBody: DefinitionBody.fromString(JSON.stringify(definition)),
        definitionSubstitutions: Object.fromEntries([...tasks].map(([state, fn]) => [`${state}Arn`, fn.fn.functionArn])),
        timeout,
        logs: { destination: new LogGroup(this, `${id}Logs`, { retention: RetentionDays.THREE_MONTHS }), level: LogLevel.ALL, includeExecutionData: true },
        tracingEnabled: true,
      });
      for (const fn of tasks.values()) {
        fn.fn.grantInvoke(sm);
        Validations.of(sm).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${nagRef(this, fn.fn.functionArn)}:*]`,
          reason: 'Invoking one task function of this state machine, any version (how aws-cdk-lib grants invoke).',
        });
      }
      Validations.of(sm).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray trace segments and CloudWatch Logs delivery (for the ALL-level execution log) have no resource-level permissions.',
      });
      return sm;
    };

    taskFunctions(new Construct(this, 'ChecksTasks'), CHECKS_TASKS, 'Checks', this.checkTasks, props.resources);
    this.checks = machine('ContentChecks', checksDefinition(), this.checkTasks, Duration.seconds(CHECKS_TIMEOUT_SECONDS));
    const withChecks = { ...props.resources, checksMachine: this.checks };
    taskFunctions(new Construct(this, 'ApprovalTasks'), APPROVAL_TASKS, 'Approval', this.tasks, withChecks);

    const logs = new LogGroup(this, 'ApprovalLogs', { retention: RetentionDays.THREE_MONTHS });
    this.approval = new StateMachine(this, 'Approval', {
      // Standard, not Express: the approve call and the tests read the outcome with DescribeExecution.
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromString(JSON.stringify(approvalDefinition())),
      definitionSubstitutions: Object.fromEntries([...this.tasks].map(([state, fn]) => [`${state}Arn`, fn.fn.functionArn])),
      timeout: Duration.hours(1),
      logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: true },
      tracingEnabled: true,
    });
    for (const fn of this.tasks.values()) {
      fn.fn.grantInvoke(this.approval);
      Validations.of(this.approval).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagRef(this, fn.fn.functionArn)}:*]`,
        reason: 'Invoking one task function of this state machine, any version (how aws-cdk-lib grants invoke).',
      });
    }
    Validations.of(this.approval).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray trace segments and CloudWatch Logs delivery (for the ALL-level execution log) have no resource-level permissions.',
    });

    this.ingest = new ApiFunction(this, 'Ingest', {
      handler: 'functions/files/ingest.ts',
      description: `S3 ${DATA_PREFIX.incoming} drop: File record and comparison`,
      resources: { ...withChecks, stateMachine: this.approval },
      logLevel: props.logLevel,
      // Streams files of 100k+ rows and writes their comparison pages: ~190 MB peak for two
      // 100k-row files (bench/README.md); 1 GB leaves room for larger files and buys CPU.
      memorySize: 1024,
      timeout: Duration.minutes(10),
    });
    this.ingest.bindGrants(INGEST_GRANTS);
    props.resources.dataBucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.ingest.fn), {
      prefix: DATA_PREFIX.incoming,
    });
    // The basket export's background step (docs/basket.md "Export"): started by its job's request
    // object. 1,000 items with images take minutes (bench/README.md); 15 minutes is Lambda's most.
    this.basketExport = new ApiFunction(this, 'BasketExport', {
      handler: 'functions/basket/export-worker.ts',
      description: `S3 ${DATA_PREFIX.jobs}basket-export/ request: the basket's xlsx and zip of images`,
      resources: props.resources,
      logLevel: props.logLevel,
      memorySize: 1024,
      timeout: Duration.minutes(15),
      ephemeralStorageSize: Size.mebibytes(BASKET_EXPORT_TMP_MB),
    });
    this.basketExport.bindGrants(BASKET_EXPORT_GRANTS);
    // The sheet's stored pictures are app links (APP_URL), signed with a key derived from the JWT secret (docs/decisions.md "Pictures").
    this.basketExport.bindAppUrl().bindJwtSecret();
    props.resources.dataBucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.basketExport.fn), {
      prefix: `${DATA_PREFIX.jobs}basket-export/`,
    });
    // Every export of a product tab (docs/exports.md "Every export is a job"): started by its job's
    // request object. A 100k-row tab with a cold cache reads the period's snapshot and streams the
    // xlsx (~60 MB beyond the tab cache, bench/README.md); 2 GB buys the CPU, 15 minutes is Lambda's most.
    this.tabExport = new ApiFunction(this, 'TabExport', {
      handler: 'functions/exports/export-worker.ts',
      description: `S3 ${DATA_PREFIX.jobs}tab-export/ request: a product tab's xlsx into ALL EXPORTS`,
      resources: props.resources,
      logLevel: props.logLevel,
      memorySize: 2048,
      timeout: Duration.minutes(15),
    });
    this.tabExport.bindGrants(TAB_EXPORT_GRANTS);
    // Pictures as app links (APP_URL, a key derived from the JWT secret), as the synchronous export had them.
    this.tabExport.bindAppUrl().bindJwtSecret();
    props.resources.dataBucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.tabExport.fn), {
      prefix: `${DATA_PREFIX.jobs}tab-export/`,
    });
    // The Permissions list and the contacts (docs/exports.md "Every export is a job"): the same
    // worker handler, one function a kind, started by its own request objects. A list of brands ×
    // retailers is thousands of rows; 100k contacts stream in ~1 minute within ~150 MB
    // (bench/README.md "Export jobs"): 1 GB buys the CPU; 15 minutes is Lambda's most.
    const listWorker = (id: string, prefix: string, what: string) => {
      const fn = new ApiFunction(this, id, {
        handler: 'functions/exports/export-worker.ts',
        description: `S3 ${DATA_PREFIX.jobs}${prefix} request: ${what}`,
        resources: props.resources,
        logLevel: props.logLevel,
        memorySize: 1024,
        timeout: Duration.minutes(15),
      });
      fn.bindGrants(EXPORT_JOB_GRANTS);
      // The handler bundles the tab's build too (pictures as app links): the same settings as TabExport.
      fn.bindAppUrl().bindJwtSecret();
      props.resources.dataBucket.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(fn.fn), { prefix: `${DATA_PREFIX.jobs}${prefix}` });
      return fn;
    };
    this.permissionsExport = listWorker('PermissionsExport', 'permissions-export/', "the admin's Permissions list as xlsx");
    this.contactsExport = listWorker('ContactsExport', 'contacts-export/', "a brand's contacts as csv or xlsx into its Downloaded Files");
    this.caseActivityExport = listWorker('CaseActivityExport', 'case-activity-export/', "a retailer's case log as xlsx into ALL EXPORTS");
    // aws-cdk-lib sets bucket notifications through its own singleton Lambda (deploy time only).
    const notifications = Stack.of(this).node.children.find((c) => c.node.id.startsWith('BucketNotificationsHandler'));
    if (notifications) {
      Validations.of(notifications).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "aws-cdk-lib's bucket-notification handler, run only during deployments; its role comes with the basic execution policy.",
      });
    }
  }
}
