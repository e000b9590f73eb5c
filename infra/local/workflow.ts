/**
 * Runs the approval state machine locally: the definition CDK deploys (infra/workflow/approval.ts),
 * executed by aws-local-stepfunctions with every Task bound to its handler module in process.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine } from 'aws-local-stepfunctions';
import { setLocalChecksRunner, setLocalWorkflowRunner, type ApprovalInput, type ApprovalOutcome, type ChecksInput } from '../../functions/lib/workflow';
import { APPROVAL_TASKS, approvalDefinitionWith, type ApprovalTask } from '../workflow/approval';
import { CHECKS_TASKS, checksDefinitionWith } from '../workflow/content-checks';
import { localArn } from './async-functions';
import { laneChains, localLane } from './lanes';

type TaskFn = (input: unknown) => Promise<unknown>;

/** Node 20 lacks Promise.withResolvers, which aws-local-stepfunctions 3 uses (else every Task fails). */
/** aws-local-stepfunctions needs Promise.withResolvers (Node 22+); Node 20 gets this one. */
export function polyfill() {
  const P = Promise as unknown as { withResolvers?: () => unknown };
  P.withResolvers ??= function withResolvers<T>() {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  };
}

export { localArn } from './async-functions';

export async function bindLocalWorkflow(root: string, retryIntervalMs = 100): Promise<void> {
  polyfill();
  const definition = JSON.parse(approvalDefinitionWith(localArn)) as ConstructorParameters<typeof StateMachine>[0];
  const machine = new StateMachine(definition);
  const handlers = await taskHandlers(root, APPROVAL_TASKS);
  const retryIntervalOverrides = Object.fromEntries(APPROVAL_TASKS.map((t) => [t.state, retryIntervalMs]));
  const run = async (input: ApprovalInput): Promise<ApprovalOutcome> => {
    const execution = machine.run({ fileId: input.fileId, claim: input.claim }, { overrides: { taskResourceLocalHandlers: handlers as never, retryIntervalOverrides } });
    try {
      await execution.result;
      return { status: 'SUCCEEDED' };
    } catch (e) {
      return { status: 'FAILED', error: (e as Error).message };
    }
  };
  // Executions run one after another locally, in the order they were started, so the demo seed's
  // weekly files apply in date order (in AWS, scans of one retailer are a week apart); while the
  // demo seeds, one chain a retailer (./lanes.ts: the lane of the ingest that started it).
  setLocalWorkflowRunner((input) => executions.add(localLane.getStore() ?? '', () => run(input)));
  await bindLocalChecks(root, retryIntervalMs);
}

async function taskHandlers(root: string, tasks: readonly ApprovalTask[]): Promise<Record<string, TaskFn>> {
  const handlers: Record<string, TaskFn> = {};
  for (const t of tasks) {
    const mod = (await import(pathToFileURL(path.join(root, t.handler)).href)) as { handler: TaskFn };
    handlers[t.state] = mod.handler;
  }
  return handlers;
}

/** The content checks: their own definition, run the same way; one chain a lane too (a retailer's periods in order). */
async function bindLocalChecks(root: string, retryIntervalMs: number): Promise<void> {
  const machine = new StateMachine(JSON.parse(checksDefinitionWith(localArn)) as ConstructorParameters<typeof StateMachine>[0]);
  const handlers = await taskHandlers(root, CHECKS_TASKS);
  const retryIntervalOverrides = Object.fromEntries(['PlanChecks', 'CheckChunk', 'FinishChecks', 'RecordCheckFailure'].map((s) => [s, retryIntervalMs]));
  const run = async (input: ChecksInput): Promise<ApprovalOutcome> => {
    const execution = machine.run({ ...input, plan: { runId: null, chunks: [] } }, { overrides: { taskResourceLocalHandlers: handlers as never, retryIntervalOverrides } });
    try {
      await execution.result;
      return { status: 'SUCCEEDED' };
    } catch (e) {
      return { status: 'FAILED', error: (e as Error).message };
    }
  };
  setLocalChecksRunner((input) => checks.add(localLane.getStore() ?? '', () => run(input)));
}

const checks = laneChains();
/** Resolves when every content-checks execution started so far has ended. */
export const checksIdle = (): Promise<void> => checks.idle();

const executions = laneChains();
/** Resolves when every execution started so far has ended. */
export const workflowsIdle = (): Promise<void> => executions.idle();
