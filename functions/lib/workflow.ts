/**
 * Starting the file-approval state machine: Step Functions in AWS; locally the very same
 * definition run by aws-local-stepfunctions, which the local stack registers here.
 */
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { env, required } from './env';
import { traced } from './tracer';

export interface ApprovalOutcome {
  /** SUCCEEDED, FAILED, or RUNNING when it did not end within the wait. */
  status: 'SUCCEEDED' | 'FAILED' | 'RUNNING';
  /** The failure's reason, when it failed. */
  error?: string;
}

/** The execution's input: the file and the approval claim it holds (files/approval-claim.ts). */
export interface ApprovalInput {
  fileId: string;
  claim: string;
}

type LocalRunner = (input: ApprovalInput) => Promise<ApprovalOutcome>;
let localRunner: LocalRunner | undefined;

/** The local stack binds the state machine to the local handler modules through this. */
export function setLocalWorkflowRunner(runner: LocalRunner | undefined): void {
  localRunner = runner;
}

let sfn: SFNClient | undefined;

/**
 * Start the approval of a file holding a claim (use files/approval-claim.ts, which claims first);
 * wait up to `waitMs` for its outcome (0: do not wait). The claim id is the execution's name.
 */
export async function startApproval(input: ApprovalInput, waitMs = 0): Promise<ApprovalOutcome> {
  if (localRunner) {
    const run = localRunner(input);
    if (!waitMs) {
      run.catch(() => undefined);
      return { status: 'RUNNING' };
    }
    return Promise.race([run, new Promise<ApprovalOutcome>((r) => setTimeout(() => r({ status: 'RUNNING' }), waitMs))]);
  }
  sfn ??= traced(new SFNClient({ region: env.region }));
  const { executionArn } = await sfn.send(
    new StartExecutionCommand({ stateMachineArn: required('STATE_MACHINE_ARN'), input: JSON.stringify(input), name: input.claim }),
  );
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const d = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    if (d.status === 'SUCCEEDED') return { status: 'SUCCEEDED' };
    if (d.status && d.status !== 'RUNNING') return { status: 'FAILED', error: d.cause ?? d.error ?? d.status };
  }
  return { status: 'RUNNING' };
}

/** The content checks' execution input (infra/workflow/content-checks.ts). */
export interface ChecksInput {
  periodId: string;
  /** '' for the period's regular run; a new value for a person's "Check again". */
  attempt: string;
}

type LocalChecksRunner = (input: ChecksInput) => Promise<ApprovalOutcome>;
let localChecksRunner: LocalChecksRunner | undefined;

/** The local stack binds the checks state machine to the local handler modules through this. */
export function setLocalChecksRunner(runner: LocalChecksRunner | undefined): void {
  localChecksRunner = runner;
}

/**
 * Start the content checks of a period. `name` makes the start idempotent: the same cause (a
 * file's publication, a catalogue version) starts one execution however often it is retried.
 * Locally the run goes on in the background (infra/local/workflow.ts `checksIdle`).
 */
export async function startContentChecks(input: ChecksInput, name: string): Promise<'started'> {
  if (localChecksRunner) {
    localChecksRunner(input).catch(() => undefined);
    return 'started';
  }
  sfn ??= traced(new SFNClient({ region: env.region }));
  try {
    // `plan` is there before PlanChecks sets it: the failure state reads it whichever state failed.
    await sfn.send(new StartExecutionCommand({ stateMachineArn: required('CHECKS_STATE_MACHINE_ARN'), input: JSON.stringify({ ...input, plan: { runId: null, chunks: [] } }), name: name.slice(0, 80) }));
  } catch (e) {
    if ((e as Error).name !== 'ExecutionAlreadyExists') throw e;
  }
  return 'started';
}
