/**
 * Pipeline: the approval state machine CDK deploys is the one definition of infra/workflow/approval.ts
 * with every task ARN substituted; the ingest Lambda is triggered by drops under incoming/.
 */
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_TASKS, approvalDefinition } from '../../infra/workflow/approval';
import { CHECKS_TASKS, checksDefinition } from '../../infra/workflow/content-checks';
import type { RetailerAuditStack } from '../../infra/stack';
import { actionsOfRole, cleanup, resourcesOf, synth } from './synth';

let built: ReturnType<typeof synth>;
let stack: RetailerAuditStack;
const idOf = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as never);
const machine = () => resourcesOf(built.template, 'AWS::StepFunctions::StateMachine')[idOf(stack.pipeline.approval)]!.Properties!;

beforeAll(() => {
  built = synth({ webDist: null });
  stack = built.stack;
});
afterAll(cleanup);

describe('approval state machine', () => {
  it('deploys the shared definition, each ${<State>Arn} bound to that task function', () => {
    // Three: this one, the content checks' (below) and the scheduled reports' (test/infra/schedules.test.ts).
    built.template.resourceCountIs('AWS::StepFunctions::StateMachine', 3);
    expect(JSON.parse(machine().DefinitionString as string)).toEqual(approvalDefinition());
    const substitutions = machine().DefinitionSubstitutions as Record<string, unknown>;
    expect(Object.keys(substitutions).sort()).toEqual(APPROVAL_TASKS.map((t) => `${t.state}Arn`).sort());
    for (const t of APPROVAL_TASKS) {
      const fn = stack.pipeline.tasks.get(t.state)!;
      expect(substitutions[`${t.state}Arn`], t.state).toEqual({ 'Fn::GetAtt': [idOf(fn.fn), 'Arn'] });
    }
  });

  it('is a Standard state machine logging ALL events with X-Ray tracing', () => {
    expect(machine()).toMatchObject({
      StateMachineType: 'STANDARD',
      LoggingConfiguration: { Level: 'ALL', Destinations: [expect.anything()] },
      TracingConfiguration: { Enabled: true },
    });
  });

  it('runs each task on our function defaults with the grants the task lists', () => {
    const fns = resourcesOf(built.template, 'AWS::Lambda::Function');
    for (const t of APPROVAL_TASKS) {
      const fn = stack.pipeline.tasks.get(t.state)!;
      expect(fns[idOf(fn.fn)]?.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });
      const actions = actionsOfRole(built.template, stack.getLogicalId(fn.role.node.defaultChild as CfnRole));
      expect(actions.includes('dynamodb:PutItem'), t.state).toBe(t.grants.includes('table:write'));
      expect(actions.includes('s3:GetObject'), t.state).toBe((t.grants as readonly string[]).includes('data:read'));
      expect(actions.some((a) => a.startsWith('ses:')), t.state).toBe((t.grants as readonly string[]).includes('email:send'));
    }
  });

  it('gives StageFile (a large file streams through it) 1,024 MB and the Task timeout of 300 s', () => {
    const fns = resourcesOf(built.template, 'AWS::Lambda::Function');
    const fn = stack.pipeline.tasks.get('StageFile')!;
    expect(fns[idOf(fn.fn)]?.Properties).toMatchObject({ MemorySize: 1024, Timeout: 300 });
  });

  it('starts StageFile through the heap-limits exec wrapper with a 16 MB semi-space, and no other task', () => {
    const fns = resourcesOf(built.template, 'AWS::Lambda::Function');
    for (const t of APPROVAL_TASKS) {
      const vars = (fns[idOf(stack.pipeline.tasks.get(t.state)!.fn)]?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      if (t.state === 'StageFile') expect(vars).toMatchObject({ AWS_LAMBDA_EXEC_WRAPPER: '/var/task/heap-limits', LAMBDA_SEMI_SPACE_MB: '16' });
      else expect([vars.AWS_LAMBDA_EXEC_WRAPPER, vars.LAMBDA_SEMI_SPACE_MB], t.state).toEqual([undefined, undefined]);
    }
  });

  it("may invoke its task functions and nothing else", () => {
    expect(invokedBy(stack.pipeline.approval)).toEqual([...stack.pipeline.tasks.values()].map((f) => idOf(f.fn)).sort());
  });
});

/** The functions a state machine's own role may invoke (its RoleArn's policies). */
function invokedBy(sm: typeof stack.pipeline.approval): string[] {
  const props = resourcesOf(built.template, 'AWS::StepFunctions::StateMachine')[idOf(sm)]!.Properties!;
  const role = (props.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const policies = Object.values(resourcesOf(built.template, 'AWS::IAM::Policy')).filter((p) => JSON.stringify(p.Properties?.Roles).includes(role));
  const invoked = new Set<string>();
  for (const p of policies) {
    for (const st of (p.Properties!.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement) {
      if (![st.Action].flat().includes('lambda:InvokeFunction')) continue;
      for (const r of [st.Resource].flat()) {
        const getAtt = JSON.stringify(r).match(/"Fn::GetAtt":\["([^"]+)","Arn"\]/);
        if (getAtt) invoked.add(getAtt[1]!);
      }
    }
  }
  return [...invoked].sort();
}

describe('content-checks state machine', () => {
  const checks = () => resourcesOf(built.template, 'AWS::StepFunctions::StateMachine')[idOf(stack.pipeline.checks)]!.Properties!;
  it('deploys the shared definition, each ${<State>Arn} bound to its task function, and may invoke those only', () => {
    expect(JSON.parse(checks().DefinitionString as string)).toEqual(checksDefinition());
    const substitutions = checks().DefinitionSubstitutions as Record<string, unknown>;
    expect(Object.keys(substitutions).sort()).toEqual(CHECKS_TASKS.map((t) => `${t.state}Arn`).sort());
    for (const t of CHECKS_TASKS) expect(substitutions[`${t.state}Arn`], t.state).toEqual({ 'Fn::GetAtt': [idOf(stack.pipeline.checkTasks.get(t.state)!.fn), 'Arn'] });
    expect(invokedBy(stack.pipeline.checks)).toEqual([...stack.pipeline.checkTasks.values()].map((f) => idOf(f.fn)).sort());
  });

  it('gives CheckChunk 1,024 MB and 900 s, the other tasks 300 s; the approval\'s StartChecks may start it', () => {
    const fns = resourcesOf(built.template, 'AWS::Lambda::Function');
    expect(fns[idOf(stack.pipeline.checkTasks.get('CheckChunk')!.fn)]?.Properties).toMatchObject({ MemorySize: 1024, Timeout: 900 });
    for (const s of ['PlanChecks', 'FinishChecks', 'RecordCheckFailure']) expect(fns[idOf(stack.pipeline.checkTasks.get(s)!.fn)]?.Properties?.Timeout, s).toBe(300);
    const starter = stack.pipeline.tasks.get('StartChecks')!;
    const actions = actionsOfRole(built.template, stack.getLogicalId(starter.role.node.defaultChild as CfnRole));
    expect(actions.filter((a) => a.startsWith('states:'))).toEqual(['states:StartExecution']);
  });
});

describe('ingest', () => {
  it('is invoked by objects created under incoming/ in the data bucket, and only there (the export workers by their jobs/basket-export/, jobs/tab-export/, jobs/permissions-export/, jobs/contacts-export/ and jobs/case-activity-export/ requests)', () => {
    built.template.hasResourceProperties('Custom::S3BucketNotifications', {
      BucketName: { Ref: idOf(stack.storage.dataBucket) },
      NotificationConfiguration: {
        LambdaFunctionConfigurations: [
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'incoming/' }] } },
            LambdaFunctionArn: { 'Fn::GetAtt': [stack.getLogicalId(stack.pipeline.ingest.fn.node.defaultChild as CfnFunction), 'Arn'] },
          },
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'jobs/basket-export/' }] } },
            LambdaFunctionArn: { 'Fn::GetAtt': [stack.getLogicalId(stack.pipeline.basketExport.fn.node.defaultChild as CfnFunction), 'Arn'] },
          },
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'jobs/tab-export/' }] } },
            LambdaFunctionArn: { 'Fn::GetAtt': [stack.getLogicalId(stack.pipeline.tabExport.fn.node.defaultChild as CfnFunction), 'Arn'] },
          },
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'jobs/permissions-export/' }] } },
            LambdaFunctionArn: { 'Fn::GetAtt': [stack.getLogicalId(stack.pipeline.permissionsExport.fn.node.defaultChild as CfnFunction), 'Arn'] },
          },
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'jobs/contacts-export/' }] } },
            LambdaFunctionArn: { 'Fn::GetAtt': [stack.getLogicalId(stack.pipeline.contactsExport.fn.node.defaultChild as CfnFunction), 'Arn'] },
          },
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'jobs/case-activity-export/' }] } },
            LambdaFunctionArn: { 'Fn::GetAtt': [stack.getLogicalId(stack.pipeline.caseActivityExport.fn.node.defaultChild as CfnFunction), 'Arn'] },
          },
        ],
      },
    });
    built.template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 's3.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [idOf(stack.storage.dataBucket), 'Arn'] },
      SourceAccount: Match.anyValue(),
    });
  });

  it('reads and writes the table and the bucket, sends alerts, starts approvals', () => {
    const env = (resourcesOf(built.template, 'AWS::Lambda::Function')[idOf(stack.pipeline.ingest.fn)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['TABLE_NAME', 'DATA_BUCKET', 'SES_FROM', 'APP_URL', 'STATE_MACHINE_ARN']));
    expect(env.JWT_SECRET_ARN).toBeUndefined();
    const actions = actionsOfRole(built.template, stack.getLogicalId(stack.pipeline.ingest.role.node.defaultChild as CfnRole));
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 's3:GetObject', 's3:PutObject', 'ses:SendEmail', 'states:StartExecution']));
  });
});

describe('basket export worker', () => {
  it('runs up to 15 minutes with 1 GB and 2 GB of /tmp, reads and writes the table and the bucket, signs picture links, and nothing else', () => {
    const fn = resourcesOf(built.template, 'AWS::Lambda::Function')[idOf(stack.pipeline.basketExport.fn)]!.Properties!;
    expect(fn.Timeout).toBe(900);
    expect(fn.MemorySize).toBe(1024);
    expect(fn.EphemeralStorage).toEqual({ Size: 2048 });
    const env = (fn.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['TABLE_NAME', 'DATA_BUCKET', 'APP_URL', 'JWT_SECRET_ARN']));
    expect(env.STATE_MACHINE_ARN).toBeUndefined();
    expect(env.SES_FROM).toBeUndefined();
    const actions = actionsOfRole(built.template, stack.getLogicalId(stack.pipeline.basketExport.role.node.defaultChild as CfnRole));
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 's3:GetObject', 's3:PutObject', 's3:DeleteObject']));
    expect(actions.some((a) => a.startsWith('ses:') || a.startsWith('states:'))).toBe(false);
  });
});

describe('tab export worker (docs/exports.md "Every export is a job")', () => {
  it('runs up to 15 minutes with 2 GB, reads and writes the table and the bucket, signs picture links, and nothing else', () => {
    const fn = resourcesOf(built.template, 'AWS::Lambda::Function')[idOf(stack.pipeline.tabExport.fn)]!.Properties!;
    expect(fn.Timeout).toBe(900);
    expect(fn.MemorySize).toBe(2048);
    const env = (fn.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['TABLE_NAME', 'DATA_BUCKET', 'APP_URL', 'JWT_SECRET_ARN']));
    expect(env.STATE_MACHINE_ARN).toBeUndefined();
    expect(env.SES_FROM).toBeUndefined();
    const actions = actionsOfRole(built.template, stack.getLogicalId(stack.pipeline.tabExport.role.node.defaultChild as CfnRole));
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 's3:GetObject', 's3:PutObject', 's3:DeleteObject']));
    expect(actions.some((a) => a.startsWith('ses:') || a.startsWith('states:'))).toBe(false);
  });
});
