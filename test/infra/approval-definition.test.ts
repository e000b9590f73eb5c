import { StateMachine } from 'aws-local-stepfunctions';
import { describe, expect, it } from 'vitest';
import { APPROVAL_TASKS, approvalDefinition, approvalDefinitionWith, TRANSIENT_ERRORS } from '../../infra/workflow/approval';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

describe('the approval state machine definition', () => {
  const asl = approvalDefinition();
  it('is valid Amazon States Language (validated by aws-local-stepfunctions)', () => {
    expect(() => new StateMachine(JSON.parse(approvalDefinitionWith((s) => `arn:aws:lambda:us-east-1:123456789012:function:${s}`)))).not.toThrow();
  });
  it('runs load → apply → scan info → approve → notify, every task retried on transient errors and caught into RecordFailure', () => {
    const states = asl.States as Record<string, { Type: string; Next?: string; End?: boolean; Retry?: { ErrorEquals: string[] }[]; Catch?: { Next: string }[] }>;
    const order: string[] = [];
    for (let s: string | undefined = asl.StartAt; s; s = states[s]!.Next) order.push(s);
    expect(order).toEqual(['LoadFile', 'ApplyToPeriod', 'UpdateScanInfo', 'MarkApproved', 'Notify']);
    for (const name of order) {
      expect(states[name]!.Retry?.[0]?.ErrorEquals).toEqual(TRANSIENT_ERRORS);
      expect(states[name]!.Catch?.[0]?.Next).toBe('RecordFailure');
    }
    expect(states.RecordFailure!.Next).toBe('Failed');
    expect(states.Failed!.Type).toBe('Fail');
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
