/**
 * Asynchronous invocations on the local stack, as Lambda runs them in AWS (docs/operations.md):
 * the handler is tried `1 + ASYNC_INVOKE.retryAttempts` times (without Lambda's minutes between
 * tries); when every try failed, a Lambda destination record of the same shape goes to the failure
 * queue's consumer (functions/operations/record-failures.ts) as an SQS message, so the post office
 * shows the failure and the admins are told exactly as in AWS. A redrive (the post office's Retry,
 * `npm run redrive`) comes back through here (functions/lib/invoke.ts).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SQSEvent } from 'aws-lambda';
import { setLocalAsyncInvoker } from '../../functions/lib/invoke';
import { ASYNC_INVOKE } from '../async-policy';
import { LOCAL_ASYNC_FUNCTIONS, type LocalAsyncName } from './async-functions';

type Handler = (event: never) => Promise<unknown>;

const errorPayload = (e: unknown) => ({ errorType: (e as Error)?.name ?? 'Error', errorMessage: (e as Error)?.message ?? String(e) });

export interface LocalAsync {
  /** Run `event` through the function as an asynchronous invocation: its tries, then the failure queue. Answers the handler's result, or undefined when it failed. */
  deliver<T = unknown>(name: LocalAsyncName, event: unknown): Promise<T | undefined>;
  /** Resolves when the redrives accepted so far have run. */
  idle(): Promise<void>;
}

/**
 * Binds the local asynchronous invocations (and the redrive's invoker) to the handler modules of
 * `root`. `onFailure` hears of each delivery that failed every try (the stack's log).
 */
export async function bindLocalAsync(root: string, onFailure: (name: string, error: unknown) => void = () => undefined): Promise<LocalAsync> {
  const load = async (file: string) => ((await import(pathToFileURL(path.join(root, file)).href)) as { handler: Handler }).handler;
  const handlers = new Map<string, Handler>();
  for (const fn of Object.values(LOCAL_ASYNC_FUNCTIONS)) handlers.set(fn.arn, await load(fn.handler));
  const recorder = (await load('functions/operations/record-failures.ts')) as unknown as (e: SQSEvent) => Promise<{ batchItemFailures: unknown[] }>;

  async function toFailureQueue(arn: string, event: unknown, error: unknown, tries: number): Promise<void> {
    const record = {
      version: '1.0',
      timestamp: new Date().toISOString(),
      requestContext: { requestId: randomUUID(), functionArn: `${arn}:$LATEST`, condition: 'RetriesExhausted', approximateInvokeCount: tries },
      requestPayload: event,
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
      responsePayload: errorPayload(error),
    };
    const message = { messageId: randomUUID(), receiptHandle: 'local', body: JSON.stringify(record), attributes: { SentTimestamp: String(Date.now()) }, messageAttributes: {} };
    // The queue's own redelivery: a message the recorder could not record is given to it again, up to its receives.
    for (let receive = 1; receive <= ASYNC_INVOKE.recorderMaxReceives; receive++) {
      const out = await recorder({ Records: [message] } as unknown as SQSEvent);
      if (!out.batchItemFailures.length) return;
    }
    process.stderr.write(JSON.stringify({ level: 'error', message: 'failure queue: a message could not be recorded (the dead-letter queue in AWS)', functionArn: arn }) + '\n');
  }

  const handlerOf = (arn: string): Handler => {
    const handler = handlers.get(arn.split(':').slice(0, 7).join(':'));
    if (!handler) throw new Error(`No local function ${arn}`);
    return handler;
  };

  async function run<T>(arn: string, event: unknown): Promise<T | undefined> {
    const handler = handlerOf(arn);
    const tries = 1 + ASYNC_INVOKE.retryAttempts;
    let last: unknown;
    for (let t = 1; t <= tries; t++) {
      try {
        return (await handler(event as never)) as T;
      } catch (e) {
        last = e;
      }
    }
    onFailure(arn, last);
    await toFailureQueue(arn, event, last, tries);
    return undefined;
  }

  let background: Promise<unknown> = Promise.resolve();
  setLocalAsyncInvoker(async (arn, payload) => {
    handlerOf(arn);
    // Accepted: it runs after this call answers, as Lambda's Event invocations do.
    background = background.then(() => new Promise((r) => setImmediate(r))).then(() => run(arn, payload)).catch(() => undefined);
  });
  return { deliver: (name, event) => run(LOCAL_ASYNC_FUNCTIONS[name].arn, event), idle: () => background.then(() => undefined) };
}
