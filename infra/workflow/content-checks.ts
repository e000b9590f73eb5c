/**
 * The content-checks state machine, defined once (JSONPath): CDK deploys it with each
 * `${<Task>Arn}` substituted; the local stack runs the same definition with aws-local-stepfunctions.
 * Input `{ periodId, attempt? }`: plan the run → a Map over its chunks, ten at once → finish (the
 * run becomes the period's shown one). Any failure records its reason on the period's content
 * state and ends the execution failed (its alarm; "Check again" or a new start re-runs it).
 */
import { RETRY, TRANSIENT_ERRORS, type ApprovalTask } from './approval';

/** The decoders' WebAssembly, copied beside CheckChunk's bundle (functions/content/domain/picture-hash.ts reads it there). */
export const PICTURE_DECODER_WASM = ['node_modules/@jsquash/webp/codec/dec/webp_dec.wasm', 'node_modules/@resvg/resvg-wasm/index_bg.wasm'] as const;
export const CHECK_CHUNK_TIMEOUT_SECONDS = 900;

export const CHECKS_TASKS: readonly ApprovalTask[] = [
  { state: 'PlanChecks', id: 'ChecksPlan', handler: 'functions/content/workflow/plan.ts', grants: ['table:read', 'table:write'] },
  // Fetches and decodes pictures (each once; 8 at a time, a few tens of MB each at the decoders' peak).
  // A first run's chunk may fetch its 2,000 products' pictures (~16 a second: bench/README.md), so 15 minutes.
  { state: 'CheckChunk', id: 'ChecksChunk', handler: 'functions/content/workflow/check-chunk.ts', grants: ['table:read', 'table:write', 'data:read'], memoryMb: 1024, timeoutSeconds: CHECK_CHUNK_TIMEOUT_SECONDS, copyFiles: PICTURE_DECODER_WASM },
  { state: 'FinishChecks', id: 'ChecksFinish', handler: 'functions/content/workflow/finish.ts', grants: ['table:read', 'table:write'] },
  { state: 'RecordCheckFailure', id: 'ChecksRecordFailure', handler: 'functions/content/workflow/record-failure.ts', grants: ['table:read', 'table:write'] },
];

/** Chunks checked at once: 25 chunks of a 50k-product scan in three waves. */
export const CHECKS_MAP_CONCURRENCY = 10;
/** A run's bound: 64 chunks in waves of ten, a first run's chunk up to 15 minutes, with room for retries. */
export const CHECKS_TIMEOUT_SECONDS = 3 * 3600;

const retry = [{ ErrorEquals: TRANSIENT_ERRORS, ...RETRY }];
const toFailure = [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordCheckFailure' }];

export function checksDefinition() {
  return {
    Comment: "Check a published period's products against the brand's catalogue: plan, a Map over chunks, finish.",
    StartAt: 'PlanChecks',
    TimeoutSeconds: CHECKS_TIMEOUT_SECONDS,
    States: {
      PlanChecks: {
        Type: 'Task',
        Resource: '${PlanChecksArn}',
        Parameters: { 'periodId.$': '$.periodId', 'attempt.$': '$.attempt' },
        ResultPath: '$.plan',
        TimeoutSeconds: 300,
        Retry: retry,
        Catch: toFailure,
        Next: 'CheckChunks',
      },
      CheckChunks: {
        Type: 'Map',
        ItemsPath: '$.plan.chunks',
        MaxConcurrency: CHECKS_MAP_CONCURRENCY,
        ItemSelector: { 'runId.$': '$.plan.runId', 'chunk.$': '$$.Map.Item.Value' },
        ItemProcessor: {
          ProcessorConfig: { Mode: 'INLINE' },
          StartAt: 'CheckChunk',
          States: {
            CheckChunk: { Type: 'Task', Resource: '${CheckChunkArn}', TimeoutSeconds: CHECK_CHUNK_TIMEOUT_SECONDS, Retry: retry, End: true },
          },
        },
        ResultPath: null,
        Catch: toFailure,
        Next: 'FinishChecks',
      },
      FinishChecks: {
        Type: 'Task',
        Resource: '${FinishChecksArn}',
        Parameters: { 'runId.$': '$.plan.runId' },
        ResultPath: '$.finished',
        TimeoutSeconds: 300,
        // A chunk's figures not yet visible is worth a few more tries than a hiccup.
        Retry: [{ ErrorEquals: TRANSIENT_ERRORS, IntervalSeconds: 2, BackoffRate: 2, MaxAttempts: 5 }],
        Catch: toFailure,
        End: true,
      },
      RecordCheckFailure: {
        Type: 'Task',
        Resource: '${RecordCheckFailureArn}',
        Parameters: { 'periodId.$': '$.periodId', 'plan.$': '$.plan', 'error.$': '$.error' },
        ResultPath: null,
        Retry: retry,
        Next: 'ChecksFailed',
      },
      ChecksFailed: { Type: 'Fail', Error: 'ContentChecksFailed', Cause: "The content checks did not finish; the reason is on the period's content state." },
    },
  };
}

export function checksDefinitionWith(arnOf: (state: string) => string): string {
  return JSON.stringify(checksDefinition()).replace(/\$\{(\w+)Arn\}/g, (_, state: string) => arnOf(state));
}
