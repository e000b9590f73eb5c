/**
 * Schedules: the scheduled reports (docs/reports.md "Scheduled reports"). The reports state
 * machine CDK deploys is the one definition of infra/workflow/reports.ts with every task ARN
 * substituted; three EventBridge rules start it at their times with `{ job, time }`, through a
 * role that may start this state machine and nothing else; each task has the grants it lists.
 */
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_SCHEDULES } from '../../infra/constructs/schedules';
import type { RetailerAuditStack } from '../../infra/stack';
import { REPORT_TASKS, reportsDefinition } from '../../infra/workflow/reports';
import { REPORT_JOBS } from '../../functions/reports/domain/job-periods';
import { actionsOfRole, cleanup, resourcesOf, synth } from './synth';

let built: ReturnType<typeof synth>;
let stack: RetailerAuditStack;
const idOf = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as never);
type Statement = { Action: string | string[]; Effect: string; Resource: unknown };

beforeAll(() => {
  built = synth({ webDist: null });
  stack = built.stack;
});
afterAll(cleanup);

const reportsMachine = () => resourcesOf(built.template, 'AWS::StepFunctions::StateMachine')[idOf(stack.schedules.reports)]!.Properties!;

describe('reports state machine', () => {
  it('deploys the shared definition, each ${<State>Arn} bound to that task function', () => {
    expect(JSON.parse(reportsMachine().DefinitionString as string)).toEqual(reportsDefinition());
    const substitutions = reportsMachine().DefinitionSubstitutions as Record<string, unknown>;
    expect(Object.keys(substitutions).sort()).toEqual(REPORT_TASKS.map((t) => `${t.state}Arn`).sort());
    for (const t of REPORT_TASKS) expect(substitutions[`${t.state}Arn`], t.state).toEqual({ 'Fn::GetAtt': [idOf(stack.schedules.tasks.get(t.state)!.fn), 'Arn'] });
  });

  it('fans out per brand with a Map, retries a brand, and catches what still fails into RecordBrandFailure', () => {
    const def = reportsDefinition();
    const map = def.States.Brands;
    expect(map).toMatchObject({ Type: 'Map', ItemsPath: '$.plan.brands', ItemSelector: { 'brand.$': '$$.Map.Item.Value' } });
    const task = map.ItemProcessor.States.BrandReport;
    expect(task.Retry.at(-1)).toMatchObject({ ErrorEquals: ['States.ALL'] });
    expect(task.Retry.at(-1)!.MaxAttempts).toBeGreaterThan(0);
    expect(task.Catch).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordBrandFailure' }]);
  });

  it('is a Standard state machine logging ALL events with X-Ray tracing', () => {
    expect(reportsMachine()).toMatchObject({ StateMachineType: 'STANDARD', LoggingConfiguration: { Level: 'ALL' }, TracingConfiguration: { Enabled: true } });
  });

  it('gives each task the grants it lists (and only those): the brand task reads, writes, puts the report, sends email, signs links', () => {
    const fns = resourcesOf(built.template, 'AWS::Lambda::Function');
    for (const t of REPORT_TASKS) {
      const fn = stack.schedules.tasks.get(t.state)!;
      expect(fns[idOf(fn.fn)]?.Properties, t.state).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Timeout: t.timeoutSeconds });
      const actions = actionsOfRole(built.template, stack.getLogicalId(fn.role.node.defaultChild as CfnRole));
      expect(actions.includes('dynamodb:Query'), t.state).toBe(t.grants.includes('table:read'));
      expect(actions.includes('dynamodb:PutItem'), t.state).toBe(t.grants.includes('table:write'));
      expect(actions.includes('s3:PutObject'), t.state).toBe(t.grants.includes('data:write'));
      expect(actions.includes('s3:GetObject'), t.state).toBe(t.grants.includes('data:read'));
      expect(actions.includes('ses:SendEmail'), t.state).toBe(t.grants.includes('email:send'));
      expect(actions.includes('secretsmanager:GetSecretValue'), t.state).toBe(t.signsLinks === true);
      expect(actions.some((a) => a.startsWith('states:')), t.state).toBe(false);
    }
    const brand = stack.schedules.tasks.get('BrandReport')!;
    const env = (fns[idOf(brand.fn)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['TABLE_NAME', 'DATA_BUCKET', 'SES_FROM', 'APP_URL', 'JWT_SECRET_ARN']));
  });
});

describe('EventBridge schedules', () => {
  const rules = () => resourcesOf(built.template, 'AWS::Events::Rule');

  it('one rule per job, at its time (UTC): the monthly report on the 1st, the daily digest every day, the weekly one on Mondays', () => {
    expect(Object.keys(REPORT_SCHEDULES).sort()).toEqual([...REPORT_JOBS].sort());
    expect(REPORT_SCHEDULES['monthly-report'].cron).toBe('cron(0 6 1 * ? *)');
    expect(REPORT_SCHEDULES['daily-digest'].cron).toBe('cron(0 6 * * ? *)');
    expect(REPORT_SCHEDULES['weekly-digest'].cron).toBe('cron(0 6 ? * MON *)');
    for (const job of REPORT_JOBS) {
      const rule = rules()[idOf(stack.schedules.rules.get(job)!)];
      expect(rule?.Properties, job).toMatchObject({ ScheduleExpression: REPORT_SCHEDULES[job].cron, State: 'ENABLED' });
    }
  });

  it('each starts the reports state machine with { job, time: the scheduled time }, retried, through a role that may start only it', () => {
    for (const job of REPORT_JOBS) {
      const rule = rules()[idOf(stack.schedules.rules.get(job)!)]!;
      const targets = rule.Properties!.Targets as { Arn: unknown; Input?: string; InputTransformer?: { InputPathsMap: Record<string, string>; InputTemplate: string }; RoleArn: { 'Fn::GetAtt': [string, string] }; RetryPolicy?: { MaximumRetryAttempts: number } }[];
      expect(targets, job).toHaveLength(1);
      const target = targets[0]!;
      expect(target.Arn).toEqual({ Ref: idOf(stack.schedules.reports) });
      expect(target.RetryPolicy?.MaximumRetryAttempts).toBe(3);
      // { job, time: <aws.events.event time> }: an input transformer reading the event's time.
      expect(Object.values(target.InputTransformer!.InputPathsMap)).toEqual(['$.time']);
      expect(target.InputTransformer!.InputTemplate).toContain(`"job":"${job}"`);
      const role = target.RoleArn['Fn::GetAtt'][0];
      const roles = resourcesOf(built.template, 'AWS::IAM::Role');
      expect(JSON.stringify(roles[role]!.Properties!.AssumeRolePolicyDocument)).toContain('events.amazonaws.com');
      const statements = Object.values(resourcesOf(built.template, 'AWS::IAM::Policy'))
        .filter((p) => ((p.Properties!.Roles ?? []) as { Ref?: string }[]).some((r) => r.Ref === role))
        .flatMap((p) => (p.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
      expect(statements).toEqual([{ Action: 'states:StartExecution', Effect: 'Allow', Resource: { Ref: idOf(stack.schedules.reports) } }]);
    }
  });
});
