/**
 * Schedules: the scheduled report jobs (docs/reports.md "Scheduled reports").
 *  - The reports state machine: the ONE definition of infra/workflow/reports.ts (plan → Map over
 *    the brands → BrandReport, retried, a failure recorded), each task an ApiFunction with its grants.
 *  - Six EventBridge rules (UTC): the monthly report on the 1st, the daily digest every day, the
 *    weekly digest on Mondays, the check of overdue cases every day (issue 24 §4), the check of the robots every day (issue 25), the re-check of the single sign-on domains every day (issue 36), each starting the state machine with `{ job, time }` (the scheduled
 *    time, the same on a redelivery) through a role that may start this state machine only.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { Rule, RuleTargetInput, EventField, Schedule } from 'aws-cdk-lib/aws-events';
import { SfnStateMachine } from 'aws-cdk-lib/aws-events-targets';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { ReportJob } from '../../functions/reports/domain/job-periods';
import { nagRef } from '../nag';
import { REPORT_TASKS, reportsDefinition } from '../workflow/reports';
import { ApiFunction, type FunctionResources } from './api-function';

/** When each job runs (EventBridge cron, UTC): after midnight's last scans, before the working day. */
export const REPORT_SCHEDULES: Record<ReportJob, { id: string; cron: string; description: string }> = {
  'monthly-report': { id: 'MonthlyReport', cron: 'cron(0 6 1 * ? *)', description: 'The monthly report of the past month, on the 1st at 06:00 UTC' },
  'daily-digest': { id: 'DailyDigest', cron: 'cron(0 6 * * ? *)', description: 'The daily digest of the day before, every day at 06:00 UTC' },
  'weekly-digest': { id: 'WeeklyDigest', cron: 'cron(0 6 ? * MON *)', description: 'The weekly digest of the seven days before, on Mondays at 06:00 UTC' },
  'case-escalation': { id: 'CaseEscalation', cron: 'cron(0 7 * * ? *)', description: 'The daily check of overdue cases (second notices drafted or sent), every day at 07:00 UTC' },
  'robot-health': { id: 'RobotHealth', cron: 'cron(30 5 * * ? *)', description: 'The daily check of the robots (late, thin, broken, stuck; alerts and reminders), every day at 05:30 UTC' },
  'sso-domains': { id: 'SsoDomains', cron: 'cron(0 4 * * ? *)', description: "The daily re-check of the single sign-on domains' DNS records (a lost one stops routing, its brand admins are told), every day at 04:00 UTC" },
};

export interface SchedulesProps {
  resources: Omit<FunctionResources, 'stateMachine'>;
  logLevel?: string;
  /** Where a schedule's event goes when its state machine cannot be started (the failure queue: docs/operations.md). */
  deadLetterQueue: IQueue;
}

export class Schedules extends Construct {
  readonly reports: StateMachine;
  readonly tasks = new Map<string, ApiFunction>();
  readonly rules = new Map<ReportJob, Rule>();

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    const tasks = new Construct(this, 'ReportTasks');
    for (const task of REPORT_TASKS) {
      const fn = new ApiFunction(tasks, task.id, {
        handler: task.handler,
        description: `Reports task ${task.state}`,
        resources: props.resources,
        logLevel: props.logLevel,
        timeout: Duration.seconds(task.timeoutSeconds),
      });
      fn.bindGrants(task.grants);
      if (task.signsLinks) fn.bindJwtSecret().bindAppUrl();
      this.tasks.set(task.state, fn);
    }

    const logs = new LogGroup(this, 'ReportsLogs', { retention: RetentionDays.THREE_MONTHS });
    this.reports = new StateMachine(this, 'Reports', {
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromString(JSON.stringify(reportsDefinition())),
      definitionSubstitutions: Object.fromEntries([...this.tasks].map(([state, fn]) => [`${state}Arn`, fn.fn.functionArn])),
      timeout: Duration.hours(6),
      logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: true },
      tracingEnabled: true,
    });
    for (const fn of this.tasks.values()) {
      fn.fn.grantInvoke(this.reports);
      Validations.of(this.reports).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagRef(this, fn.fn.functionArn)}:*]`,
        reason: 'Invoking one task function of this state machine, any version (how aws-cdk-lib grants invoke).',
      });
    }
    Validations.of(this.reports).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray trace segments and CloudWatch Logs delivery (for the ALL-level execution log) have no resource-level permissions.',
    });

    for (const [job, s] of Object.entries(REPORT_SCHEDULES) as [ReportJob, (typeof REPORT_SCHEDULES)[ReportJob]][]) {
      const rule = new Rule(this, s.id, {
        description: s.description,
        schedule: Schedule.expression(s.cron),
        targets: [
          new SfnStateMachine(this.reports, {
            input: RuleTargetInput.fromObject({ job, time: EventField.time }),
            retryAttempts: 3,
            maxEventAge: Duration.hours(2),
            deadLetterQueue: props.deadLetterQueue,
          }),
        ],
      });
      this.rules.set(job, rule);
    }
  }
}
