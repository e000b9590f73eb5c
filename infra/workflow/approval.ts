/**
 * The file-approval state machine, defined ONCE (Amazon States Language, JSONPath). CDK deploys
 * it with each `${<Task>Arn}` substituted by the task's Lambda ARN; the local stack runs the same
 * definition with aws-local-stepfunctions, each Task bound to the same handler module in process.
 *
 * load the file → apply it to the period → update the retailer's scan info → mark approved →
 * notify. Transient errors retry with backoff; any failure records the reason on the file (which
 * stays pending) and ends the execution as failed.
 */
export interface ApprovalTask {
  /** The state's name (also the local override key). */
  state: string;
  /** Handler module relative to the repository root, exporting `handler`. */
  handler: string;
  /** Logical name of its Lambda in CDK. */
  id: string;
  grants: readonly ('table:read' | 'table:write' | 'data:read' | 'data:write' | 'email:send')[];
}

export const APPROVAL_TASKS: readonly ApprovalTask[] = [
  { state: 'LoadFile', id: 'WorkflowLoadFile', handler: 'functions/files/workflow/load-file.ts', grants: ['table:read'] },
  { state: 'ApplyToPeriod', id: 'WorkflowApplyToPeriod', handler: 'functions/files/workflow/apply-to-period.ts', grants: ['table:read', 'table:write', 'data:read'] },
  { state: 'UpdateScanInfo', id: 'WorkflowUpdateScanInfo', handler: 'functions/files/workflow/update-scan-info.ts', grants: ['table:read', 'table:write', 'data:read'] },
  { state: 'MarkApproved', id: 'WorkflowMarkApproved', handler: 'functions/files/workflow/mark-approved.ts', grants: ['table:read', 'table:write'] },
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
  Parameters: { 'fileId.$': '$.fileId' },
  ResultPath: resultPath,
  TimeoutSeconds: 300,
  Retry: [{ ErrorEquals: TRANSIENT_ERRORS, ...RETRY }],
  Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordFailure' }],
  ...(next ? { Next: next } : { End: true }),
});

export function approvalDefinition() {
  return {
    Comment: 'Approve a robot file: apply it to the scan period, update the scan info, notify.',
    StartAt: 'LoadFile',
    States: {
      LoadFile: task('LoadFile', 'ApplyToPeriod', '$.file'),
      ApplyToPeriod: task('ApplyToPeriod', 'UpdateScanInfo', '$.applied'),
      UpdateScanInfo: { ...task('UpdateScanInfo', 'MarkApproved', '$.scan'), Parameters: { 'fileId.$': '$.fileId', 'applied.$': '$.applied' } },
      MarkApproved: task('MarkApproved', 'Notify', '$.approved'),
      Notify: { ...task('Notify', null, null), Parameters: { 'fileId.$': '$.fileId', 'applied.$': '$.applied' } },
      RecordFailure: {
        Type: 'Task',
        Resource: '${RecordFailureArn}',
        Parameters: { 'fileId.$': '$.fileId', 'error.$': '$.error' },
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
