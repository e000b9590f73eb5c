/**
 * The file-approval state machine, defined ONCE (Amazon States Language, JSONPath). CDK deploys
 * it with each `${<Task>Arn}` substituted by the task's Lambda ARN; the local stack runs the same
 * definition with aws-local-stepfunctions, each Task bound to the same handler module in process.
 *
 * The execution's input is `{ fileId, claim }`: the Approve handler (or the ingest, for files
 * approved on their own) claimed the file first (functions/files/approval-claim.ts).
 * load the file (claim ours) → stage its products / scan-info fields invisibly (a large product
 * file over several StageFile invocations: a Choice loops while it reports `done: false`) → publish (ONE
 * transaction: periods point at the staged version, scan info, file approved) → clean up the
 * superseded version → notify. Transient errors retry with backoff; any failure records the
 * reason on the file (which stays pending), releases the claim and ends the execution as failed.
 * A stop after any state leaves nothing visible before Publish, and only invisible leftovers
 * after it; the machine's TimeoutSeconds bounds a claim's life (older claims are stale).
 */
import { APPROVAL_TIMEOUT_SECONDS } from '../../functions/files/workflow/limits';

export interface ApprovalTask {
  /** The state's name (also the local override key). */
  state: string;
  /** Handler module relative to the repository root, exporting `handler`. */
  handler: string;
  /** Logical name of its Lambda in CDK. */
  id: string;
  grants: readonly ('table:read' | 'table:write' | 'data:read' | 'data:write' | 'email:send' | 'checks:start')[];
  /** Its Lambda's memory, when it needs a say (else the functions' default). */
  memoryMb?: number;
  /** Its Lambda's and its state's timeout, when not 300 s. */
  timeoutSeconds?: number;
  /** Repository files copied beside its bundle (ApiFunctionProps.copyFiles). */
  copyFiles?: readonly string[];
  /** Its V8 young generation's semi-space size, when the runtime's (a twentieth of the memory) is too much (ApiFunctionProps.semiSpaceMb). */
  semiSpaceMb?: number;
}

export const APPROVAL_TASKS: readonly ApprovalTask[] = [
  { state: 'LoadFile', id: 'WorkflowLoadFile', handler: 'functions/files/workflow/load-file.ts', grants: ['table:read'] },
  // Streams the file in bounded memory (bench/pipeline-1m-bench.ts): twice its measured peak. Its
  // young generation at V8's own default size, not Lambda's 51 MB (bench/README.md).
  { state: 'StageFile', id: 'WorkflowStageFile', handler: 'functions/files/workflow/stage-file.ts', grants: ['table:read', 'table:write', 'data:read', 'data:write'], memoryMb: 1024, semiSpaceMb: 16 },
  // data: a case the publication reopens keeps its evidence's pictures (CopyObject: GetObject of the scraped, PutObject of the kept copy).
  { state: 'Publish', id: 'WorkflowPublish', handler: 'functions/files/workflow/publish.ts', grants: ['table:read', 'table:write', 'data:read', 'data:write'] },
  // Starts the content checks of the periods published (the checks' own state machine).
  { state: 'StartChecks', id: 'WorkflowStartChecks', handler: 'functions/files/workflow/start-checks.ts', grants: ['table:read', 'checks:start'] },
  { state: 'Cleanup', id: 'WorkflowCleanup', handler: 'functions/files/workflow/cleanup.ts', grants: ['table:read', 'table:write'] },
  { state: 'Notify', id: 'WorkflowNotify', handler: 'functions/files/workflow/notify.ts', grants: ['table:read', 'table:write'] },
  { state: 'RecordFailure', id: 'WorkflowRecordFailure', handler: 'functions/files/workflow/record-failure.ts', grants: ['table:read', 'table:write'] },
];

/** Errors worth another try: Lambda service hiccups and our TransientError (throttling, timeouts). */
export const TRANSIENT_ERRORS = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
  'States.Timeout',
  'TransientError',
];

export const RETRY = { IntervalSeconds: 2, BackoffRate: 2, MaxAttempts: 3 } as const;

const task = (state: string, next: string | null, resultPath: string | null) => ({
  Type: 'Task',
  Resource: `\${${state}Arn}`,
  Parameters: { 'fileId.$': '$.fileId', 'claim.$': '$.claim' },
  ResultPath: resultPath,
  TimeoutSeconds: 300,
  Retry: [{ ErrorEquals: TRANSIENT_ERRORS, ...RETRY }],
  Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' }],
  ...(next ? { Next: next } : { End: true }),
});

export function approvalDefinition() {
  return {
    Comment: 'Approve a robot file: stage it invisibly, publish it with its approval in one transaction, clean up, notify.',
    StartAt: 'LoadFile',
    // A claim older than this is stale (functions/files/approval-claim.ts): the execution has ended.
    TimeoutSeconds: APPROVAL_TIMEOUT_SECONDS,
    States: {
      LoadFile: task('LoadFile', 'StartStage', '$.file'),
      // Staging a large product file may take several invocations: StageFile returns
      // `{ done: false, next, ... }` when its time budget is spent and is called again with it.
      StartStage: { Type: 'Pass', Result: { done: false, next: 0 }, ResultPath: '$.applied', Next: 'StageFile' },
      StageFile: { ...task('StageFile', 'Staged', '$.applied'), Parameters: { 'fileId.$': '$.fileId', 'claim.$': '$.claim', 'progress.$': '$.applied' } },
      Staged: { Type: 'Choice', Choices: [{ Variable: '$.applied.done', BooleanEquals: true, Next: 'Publish' }], Default: 'StageFile' },
      Publish: task('Publish', 'StartChecks', '$.approved'),
      // The checks starting or not does not decide the approval: a failure goes on to Cleanup.
      StartChecks: { ...task('StartChecks', 'Cleanup', '$.checks'), Parameters: { 'fileId.$': '$.fileId' }, Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.checksError', Next: 'Cleanup' }] },
      Cleanup: task('Cleanup', 'Notify', '$.cleanup'),
      Notify: { ...task('Notify', null, null), Parameters: { 'fileId.$': '$.fileId', 'applied.$': '$.applied' } },
      RecordFailure: {
        Type: 'Task',
        Resource: '${RecordFailureArn}',
        Parameters: { 'fileId.$': '$.fileId', 'claim.$': '$.claim', 'error.$': '$.error' },
        ResultPath: null,
        Retry: [{ ErrorEquals: TRANSIENT_ERRORS, ...RETRY }],
        Next: 'Failed',
      },
      Failed: { Type: 'Fail', Error: 'FileNotProcessed', Cause: 'The file could not be processed; the reason is recorded on the file.' },
    },
  };
}

/** The definition with every `${<State>Arn}` replaced (CDK passes real ARNs; local, placeholders). */
export function approvalDefinitionWith(arnOf: (state: string) => string): string {
  return JSON.stringify(approvalDefinition()).replace(/\$\{(\w+)Arn\}/g, (_, state: string) => arnOf(state));
}
