/**
 * The locally invoked asynchronous functions (./async.ts): their local ARNs and handler modules.
 * No imports that read the environment: the stack reads this before it points the SDK at the emulators.
 */

/** The ARN a local stand-in for a Lambda function has (state machine tasks, asynchronous functions). */
export const localArn = (name: string) => `arn:aws:lambda:us-east-1:000000000000:function:local-${name}`;

export const LOCAL_ASYNC_FUNCTIONS = {
  ingest: { arn: localArn('ingest'), handler: 'functions/files/ingest.ts' },
  'basket-export': { arn: localArn('basket-export'), handler: 'functions/basket/export-worker.ts' },
  'tab-export': { arn: localArn('tab-export'), handler: 'functions/exports/export-worker.ts' },
  'permissions-export': { arn: localArn('permissions-export'), handler: 'functions/exports/export-worker.ts' },
  'contacts-export': { arn: localArn('contacts-export'), handler: 'functions/exports/export-worker.ts' },
  'case-activity-export': { arn: localArn('case-activity-export'), handler: 'functions/exports/export-worker.ts' },
} as const;
export type LocalAsyncName = keyof typeof LOCAL_ASYNC_FUNCTIONS;

/** ASYNC_FUNCTIONS of the local stack: `{ source: arn }` (functions/operations/record-failures.ts reads it). */
export const localAsyncFunctionsEnv = () => JSON.stringify(Object.fromEntries(Object.entries(LOCAL_ASYNC_FUNCTIONS).map(([k, v]) => [k, v.arn])));
