import { StateMachine } from 'aws-local-stepfunctions';
import { describe, expect, it } from 'vitest';
import { APPROVAL_TASKS, approvalDefinition, approvalDefinitionWith, TRANSIENT_ERRORS } from '../../infra/workflow/approval';
import { existsSync } from 'node:fs';
import { APPROVAL_TIMEOUT_SECONDS } from '../../functions/files/workflow/limits';
import path from 'node:path';
import { polyfill } from '../../infra/local/workflow';

const root = path.resolve(__dirname, '../..');

describe('the approval state machine definition', () => {
  const asl = approvalDefinition();
  it('is valid Amazon States Language (validated by aws-local-stepfunctions)', () => {
    expect(() => new StateMachine(JSON.parse(approvalDefinitionWith((s) => `arn:aws:lambda:us-east-1:123456789012:function:${s}`)))).not.toThrow();
  });
  it('runs load → stage → publish → cleanup → notify, every task retried on transient errors and caught into RecordFailure', () => {
    const states = asl.States as Record<string, { Type: string; Next?: string; End?: boolean; Retry?: { ErrorEquals: string[] }[]; Catch?: { Next: string }[]; Choices?: { Next: string }[] }>;
    const order: string[] = [];
    // The happy path: a Choice's first rule is "staging done".
    for (let s: string | undefined = asl.StartAt; s; s = states[s]!.Next ?? states[s]!.Choices?.[0]?.Next) order.push(s);
    expect(order).toEqual(['LoadFile', 'StartStage', 'StageFile', 'Staged', 'Publish', 'StartChecks', 'Cleanup', 'Notify']);
    for (const name of order.filter((n) => states[n]!.Type === 'Task')) {
      expect(states[name]!.Retry?.[0]?.ErrorEquals).toEqual(TRANSIENT_ERRORS);
      // The content checks failing to start does not undo the publication: on to Cleanup, the error kept in the execution's output.
      expect(states[name]!.Catch?.[0]?.Next).toBe(name === 'StartChecks' ? 'Cleanup' : 'RecordFailure');
    }
    expect((states.StartChecks!.Catch?.[0] as { ResultPath?: string }).ResultPath).toBe('$.checksError');
    expect(states.RecordFailure!.Next).toBe('Failed');
    // Every task gets the claim the execution holds; RecordFailure releases it.
    for (const name of [...order.filter((n) => states[n]!.Type === 'Task'), 'RecordFailure']) expect((states[name] as { Parameters?: Record<string, string> }).Parameters?.['fileId.$'], name).toBe('$.fileId');
    for (const name of ['LoadFile', 'StageFile', 'Publish', 'Cleanup', 'RecordFailure']) expect((states[name] as { Parameters?: Record<string, string> }).Parameters?.['claim.$'], name).toBe('$.claim');
    expect(states.Failed!.Type).toBe('Fail');
  });
  it('has a total timeout, which bounds how long an approval claim lives', () => {
    expect(asl.TimeoutSeconds).toBe(APPROVAL_TIMEOUT_SECONDS);
    expect(APPROVAL_TIMEOUT_SECONDS).toBeGreaterThanOrEqual(300);
  });
  it('has a handler module for every Task and a placeholder for every task ARN', () => {
    const text = JSON.stringify(asl);
    for (const t of APPROVAL_TASKS) {
      expect(existsSync(path.join(root, t.handler)), t.handler).toBe(true);
      expect(text).toContain(`\${${t.state}Arn}`);
    }
    expect(approvalDefinitionWith(() => 'X')).not.toMatch(/\$\{/);
  });
  it('uses JSONPath only (no JSONata, no Assign): the local runner supports exactly that', () => {
    const text = JSON.stringify(asl);
    expect(text).not.toMatch(/QueryLanguage|JSONata|"Assign"|waitForTaskToken/);
  });
  polyfill();
  it('loops over StageFile while it reports done: false, each time with the progress it returned, then publishes once', async () => {
    const calls: { state: string; input: Record<string, unknown> }[] = [];
    const record = (state: string, out: (input: Record<string, unknown>) => unknown) => async (input: Record<string, unknown>) => {
      calls.push({ state, input });
      return out(input);
    };
    const handlers = {
      LoadFile: record('LoadFile', () => ({ _id: 'f1', type: 'product' })),
      StageFile: record('StageFile', (input) => {
        const next = ((input.progress as { next: number }).next ?? 0) + 4;
        return next < 10 ? { done: false, type: 'product', next, stagedAt: 'T0', counts: {}, skipped: 0 } : { done: true, type: 'product', products: 10, added: 1, deleted: 2, changed: 3, brands: ['b'], skipped: 0 };
      }),
      Publish: record('Publish', () => ({ published: true })),
      Cleanup: record('Cleanup', () => ({ removed: 0 })),
      Notify: record('Notify', () => ({})),
      RecordFailure: record('RecordFailure', () => ({})),
    };
    const machine = new StateMachine(JSON.parse(approvalDefinitionWith((s) => `arn:aws:lambda:us-east-1:123456789012:function:${s}`)));
    const out = (await machine.run({ fileId: 'f1', claim: 'c1' }, { overrides: { taskResourceLocalHandlers: handlers as never } }).result) as Record<string, unknown>;
    const stages = calls.filter((c) => c.state === 'StageFile').map((c) => c.input);
    // First pass: the placeholder (no progress yet); then exactly what the previous invocation returned.
    expect(stages.map((i) => (i.progress as { next: number }).next)).toEqual([0, 4, 8]);
    expect(stages[0]!.progress).toEqual({ done: false, next: 0 });
    expect(stages[1]!.progress).toMatchObject({ done: false, next: 4, stagedAt: 'T0' });
    for (const i of stages) expect(i).toMatchObject({ fileId: 'f1', claim: 'c1' });
    expect(calls.map((c) => c.state)).toEqual(['LoadFile', 'StageFile', 'StageFile', 'StageFile', 'Publish', 'Cleanup', 'Notify']);
    expect(calls.find((c) => c.state === 'Notify')!.input.applied).toMatchObject({ done: true, products: 10, added: 1 });
    expect(out.applied).toMatchObject({ done: true, products: 10 });
  });

  it('ends the loop through RecordFailure when a StageFile invocation fails half-way', async () => {
    const seen: string[] = [];
    let n = 0;
    const handlers = Object.fromEntries(
      ['LoadFile', 'StageFile', 'Publish', 'Cleanup', 'Notify', 'RecordFailure'].map((s) => [
        s,
        async (input: { progress?: { next: number } }) => {
          seen.push(s);
          if (s !== 'StageFile') return {};
          if (++n === 2) throw new Error('NotApprovableError');
          return { done: false, next: (input.progress?.next ?? 0) + 1 };
        },
      ]),
    );
    const machine = new StateMachine(JSON.parse(approvalDefinitionWith((s) => `arn:aws:lambda:us-east-1:123456789012:function:${s}`)));
    await expect(machine.run({ fileId: 'f1', claim: 'c1' }, { overrides: { taskResourceLocalHandlers: handlers as never } }).result).rejects.toThrow();
    expect(seen).toEqual(['LoadFile', 'StageFile', 'StageFile', 'RecordFailure']);
  });
});
