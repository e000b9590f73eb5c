/**
 * Runs the approval state machine locally: the definition CDK deploys (infra/workflow/approval.ts),
 * executed by aws-local-stepfunctions with every Task bound to its handler module in process.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine } from 'aws-local-stepfunctions';
import { setLocalWorkflowRunner, type ApprovalInput, type ApprovalOutcome } from '../../functions/lib/workflow';
import { APPROVAL_TASKS, approvalDefinitionWith } from '../workflow/approval';
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
  const handlers: Record<string, TaskFn> = {};
  for (const t of APPROVAL_TASKS) {
    const mod = (await import(pathToFileURL(path.join(root, t.handler)).href)) as { handler: TaskFn };
    handlers[t.state] = mod.handler;
  }
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
}

const executions = laneChains();
/** Resolves when every execution started so far has ended. */
export const workflowsIdle = (): Promise<void> => executions.idle();
