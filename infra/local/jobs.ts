/**
 * Runs the scheduled reports state machine locally: the definition CDK deploys
 * (infra/workflow/reports.ts), executed by aws-local-stepfunctions with every Task bound to its
 * handler module in this process (the environment must already point at the local stack). Used by
 * `npm run job` (infra/local/job.ts) and the integration tests.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine } from 'aws-local-stepfunctions';
import type { PlanInput } from '../../functions/reports/jobs/plan';
import { REPORT_TASKS, reportsDefinitionWith } from '../workflow/reports';
import { localArn, polyfill } from './workflow';

type TaskFn = (input: unknown) => Promise<unknown>;

export interface BrandOutcome {
  brand: string;
  status: 'done' | 'failed';
  error?: string;
  recipients?: number;
  sent?: number;
  alreadySent?: number;
}
export interface JobOutcome {
  plan: { job: string; period: string; brands: string[] };
  results: BrandOutcome[];
}

/** One execution of the reports state machine with `input`; retries wait `retryIntervalMs` instead of their interval. */
export async function runReportsJob(root: string, input: PlanInput, retryIntervalMs = 50): Promise<JobOutcome> {
  polyfill();
  const machine = new StateMachine(JSON.parse(reportsDefinitionWith(localArn)) as ConstructorParameters<typeof StateMachine>[0]);
  const handlers: Record<string, TaskFn> = {};
  for (const t of REPORT_TASKS) {
    const mod = (await import(pathToFileURL(path.join(root, t.handler)).href)) as { handler: TaskFn };
    handlers[t.state] = mod.handler;
  }
  const retryIntervalOverrides = Object.fromEntries(REPORT_TASKS.map((t) => [t.state, retryIntervalMs]));
  const execution = machine.run(input as never, { overrides: { taskResourceLocalHandlers: handlers as never, retryIntervalOverrides } });
  return (await execution.result) as unknown as JobOutcome;
}
