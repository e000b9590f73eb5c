/**
 * Invoking an asynchronously triggered function again (a redrive, docs/operations.md): in AWS a
 * Lambda `Event` invocation of the function that failed, so it retries and, failing again, reaches
 * its failure destination as before; locally the stack registers an invoker that runs the same
 * handler module with the same retry policy and failure destination (infra/local/async.ts).
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { env } from './env';
import { lazy } from './clients/lazy';
import { traced } from './tracer';

/** Resolves when the invocation is accepted (throws for a target it does not know); the run goes on after. */
export type LocalAsyncInvoker = (functionArn: string, payload: unknown) => Promise<void>;
let localInvoker: LocalAsyncInvoker | undefined;

/** The local stack (and `npm run redrive`) bind the handler modules through this. */
export function setLocalAsyncInvoker(invoker: LocalAsyncInvoker | undefined): void {
  localInvoker = invoker;
}

const lambda = /* @__PURE__ */ lazy(() => traced(new LambdaClient({ region: env.region })));
const sfn = /* @__PURE__ */ lazy(() => traced(new SFNClient({ region: env.region })));

/** A Step Functions state machine's ARN (a schedule's target) rather than a function's. */
export const isStateMachineArn = (arn: string): boolean => /^arn:aws[\w-]*:states:[^:]*:[^:]*:stateMachine:/.test(arn);

/** The function's ARN without its version or alias (`:$LATEST` in a destination record). */
export const unqualifiedArn = (arn: string): string => arn.split(':').slice(0, 7).join(':');

/**
 * Queue `payload` for `functionArn` as an asynchronous invocation, or start the state machine of
 * that ARN with it as input; resolves once accepted (AWS: 202, or the execution's start), not when
 * it ran. Locally the same: the local invoker accepts, and runs it after.
 */
export async function invokeAsync(functionArn: string, payload: unknown): Promise<void> {
  if (localInvoker) return localInvoker(functionArn, payload);
  if (isStateMachineArn(functionArn)) {
    await sfn.send(new StartExecutionCommand({ stateMachineArn: functionArn, input: typeof payload === 'string' ? payload : JSON.stringify(payload) }));
    return;
  }
  const out = await lambda.send(
    new InvokeCommand({ FunctionName: unqualifiedArn(functionArn), InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(payload)) }),
  );
  if (out.StatusCode !== 202) throw new Error(`Lambda did not accept the invocation of ${functionArn} (status ${out.StatusCode ?? 'none'})`);
}
