import { StateMachine } from 'aws-local-stepfunctions';
import { describe, expect, it } from 'vitest';
import { APPROVAL_TASKS, approvalDefinition, approvalDefinitionWith, TRANSIENT_ERRORS } from '../../infra/workflow/approval';
import { existsSync } from 'node:fs';
import { APPROVAL_TIMEOUT_SECONDS } from '../../functions/files/workflow/limits';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

describe('the approval state machine definition', () => {
  const asl = approvalDefinition();
  it('is valid Amazon States Language (validated by aws-local-stepfunctions)', () => {
    expect(() => new StateMachine(JSON.parse(approvalDefinitionWith((s) => `arn:aws:lambda:us-east-1:123456789012:function:${s}`)))).not.toThrow();
  });
  it('runs load → stage → publish → cleanup → notify, every task retried on transient errors and caught into RecordFailure', () => {
    const states = asl.States as Record<string, { Type: string; Next?: string; End?: boolean; Retry?: { ErrorEquals: string[] }[]; Catch?: { Next: string }[] }>;
    const order: string[] = [];
    for (let s: string | undefined = asl.StartAt; s; s = states[s]!.Next) order.push(s);
    expect(order).toEqual(['LoadFile', 'StageFile', 'Publish', 'Cleanup', 'Notify']);
    for (const name of order) {
      expect(states[name]!.Retry?.[0]?.ErrorEquals).toEqual(TRANSIENT_ERRORS);
      expect(states[name]!.Catch?.[0]?.Next).toBe('RecordFailure');
    }
    expect(states.RecordFailure!.Next).toBe('Failed');
    // Every task gets the claim the execution holds; RecordFailure releases it.
    for (const name of [...order, 'RecordFailure']) expect((states[name] as { Parameters?: Record<string, string> }).Parameters?.['fileId.$'], name).toBe('$.fileId');
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
});
