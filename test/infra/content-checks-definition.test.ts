/**
 * The content-checks state machine (issue 38 §2; infra/workflow/content-checks.ts): plan → a Map
 * over the plan's chunks, ten at once → finish; every task retried on transient errors and caught
 * into RecordCheckFailure, which ends the execution failed (its alarm); each state bounded within
 * its function's timeout; the picture decoders' WebAssembly, which esbuild does not bundle, copied
 * beside the chunk function from files that exist.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRANSIENT_ERRORS } from '../../infra/workflow/approval';
import { CHECK_CHUNK_TIMEOUT_SECONDS, CHECKS_MAP_CONCURRENCY, CHECKS_TASKS, CHECKS_TIMEOUT_SECONDS, checksDefinition, PICTURE_DECODER_WASM } from '../../infra/workflow/content-checks';

type State = { Type: string; Next?: string; End?: boolean; TimeoutSeconds?: number; Retry?: { ErrorEquals: string[] }[]; Catch?: { Next: string; ResultPath?: string }[]; ItemsPath?: string; MaxConcurrency?: number; ItemProcessor?: { States: Record<string, State> } };
const asl = checksDefinition() as unknown as { StartAt: string; TimeoutSeconds: number; States: Record<string, State> };

describe('the content-checks state machine definition', () => {
  it('plans, checks the chunks in a Map ten at once, finishes; every step retried and caught into RecordCheckFailure, then Fail', () => {
    const order: string[] = [];
    for (let s: string | undefined = asl.StartAt; s; s = asl.States[s]!.Next) order.push(s);
    expect(order).toEqual(['PlanChecks', 'CheckChunks', 'FinishChecks']);
    const map = asl.States.CheckChunks!;
    expect(map).toMatchObject({ Type: 'Map', ItemsPath: '$.plan.chunks', MaxConcurrency: CHECKS_MAP_CONCURRENCY });
    const chunk = map.ItemProcessor!.States.CheckChunk!;
    expect(chunk.Retry?.[0]?.ErrorEquals).toEqual(TRANSIENT_ERRORS);
    expect(chunk.TimeoutSeconds).toBe(CHECK_CHUNK_TIMEOUT_SECONDS);
    for (const name of order) {
      expect(asl.States[name]!.Catch?.[0]?.Next, name).toBe('RecordCheckFailure');
      expect(asl.States[name]!.Catch?.[0]?.ResultPath, name).toBe('$.error');
    }
    for (const name of ['PlanChecks', 'FinishChecks']) expect(asl.States[name]!.Retry?.[0]?.ErrorEquals).toEqual(TRANSIENT_ERRORS);
    expect(asl.States.RecordCheckFailure!.Next).toBe('ChecksFailed');
    expect(asl.States.ChecksFailed!.Type).toBe('Fail');
  });

  it('bounds the whole run and each state within its function (a chunk may use 15 minutes, Lambda\'s limit)', () => {
    expect(asl.TimeoutSeconds).toBe(CHECKS_TIMEOUT_SECONDS);
    // 64 chunks at most, in waves of CHECKS_MAP_CONCURRENCY, each up to its timeout.
    expect(CHECKS_TIMEOUT_SECONDS).toBeGreaterThanOrEqual(Math.ceil(64 / CHECKS_MAP_CONCURRENCY) * CHECK_CHUNK_TIMEOUT_SECONDS);
    expect(CHECK_CHUNK_TIMEOUT_SECONDS).toBeLessThanOrEqual(900);
    const chunk = CHECKS_TASKS.find((t) => t.state === 'CheckChunk')!;
    expect(chunk.timeoutSeconds).toBe(CHECK_CHUNK_TIMEOUT_SECONDS);
    for (const t of CHECKS_TASKS.filter((x) => x.state !== 'CheckChunk')) expect(t.timeoutSeconds ?? 300).toBe(300);
  });

  it('copies the decoders\' WebAssembly beside the chunk function, from files that exist', () => {
    const chunk = CHECKS_TASKS.find((t) => t.state === 'CheckChunk')!;
    expect(chunk.copyFiles).toEqual(PICTURE_DECODER_WASM);
    for (const f of PICTURE_DECODER_WASM) expect(existsSync(f), f).toBe(true);
  });
});
