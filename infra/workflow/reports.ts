/**
 * The scheduled reports state machine (docs/reports.md "Scheduled reports"), defined ONCE
 * (Amazon States Language, JSONPath): CDK deploys it with each `${<State>Arn}` substituted by its
 * task's Lambda ARN and the EventBridge schedules start it (infra/constructs/schedules.ts);
 * `npm run job` and the tests run the same definition with aws-local-stepfunctions, each Task
 * bound to the same handler module in process (infra/local/jobs.ts).
 *
 * Input `{ job, time? | period?, brands? }` → PlanReports (period, brands) → a Map over the brands
 * (a few at a time), each BrandReport retried with backoff; a brand that still fails is caught by
 * RecordBrandFailure (its run record says why) and the others go on. Output: one result a brand.
 */
import { TRANSIENT_ERRORS } from './approval';

export interface ReportTask {
  state: string;
  handler: string;
  /** Logical name of its Lambda in CDK. */
  id: string;
  grants: readonly ('table:read' | 'table:write' | 'data:read' | 'data:write' | 'email:send')[];
  /** The app links it signs (the monthly report's 7-day link): the JWT secret. */
  signsLinks?: boolean;
  timeoutSeconds: number;
}

export const REPORT_TASKS: readonly ReportTask[] = [
  { state: 'PlanReports', id: 'ReportsPlan', handler: 'functions/reports/jobs/plan.ts', grants: ['table:read'], timeoutSeconds: 60 },
  // Builds the month's xlsx (about 0.5 s for 200 retailers, bench/README.md) once per distinct set of visible retailers, then mails.
  { state: 'BrandReport', id: 'ReportsBrand', handler: 'functions/reports/jobs/brand-report.ts', grants: ['table:read', 'table:write', 'data:write', 'email:send'], signsLinks: true, timeoutSeconds: 900 },
  { state: 'RecordBrandFailure', id: 'ReportsRecordFailure', handler: 'functions/reports/jobs/record-failure.ts', grants: ['table:read', 'table:write'], timeoutSeconds: 60 },
];

/** Brands run at once: SES's sending rate and the table's write capacity stay calm. */
export const REPORT_CONCURRENCY = 4;
/** A failing brand is tried three times in all, 60 s then 120 s apart (a throttled SES or table recovers). */
export const BRAND_RETRY = { IntervalSeconds: 60, BackoffRate: 2, MaxAttempts: 2 } as const;
/** Errors not worth another try: the input itself is wrong. */
export const PERMANENT_ERRORS = ['BadJobInputError'];

const taskOf = (state: string) => REPORT_TASKS.find((t) => t.state === state)!;

export function reportsDefinition() {
  return {
    Comment: 'A scheduled report job: plan the period and the brands, then each brand (retried; a brand that still fails is recorded and the others go on).',
    StartAt: 'PlanReports',
    TimeoutSeconds: 6 * 3600,
    States: {
      PlanReports: {
        Type: 'Task',
        Resource: '${PlanReportsArn}',
        TimeoutSeconds: taskOf('PlanReports').timeoutSeconds,
        ResultPath: '$.plan',
        Retry: [{ ErrorEquals: TRANSIENT_ERRORS, IntervalSeconds: 2, BackoffRate: 2, MaxAttempts: 3 }],
        Next: 'Brands',
      },
      Brands: {
        Type: 'Map',
        ItemsPath: '$.plan.brands',
        MaxConcurrency: REPORT_CONCURRENCY,
        ItemSelector: { 'job.$': '$.plan.job', 'period.$': '$.plan.period', 'brand.$': '$$.Map.Item.Value' },
        ItemProcessor: {
          ProcessorConfig: { Mode: 'INLINE' },
          StartAt: 'BrandReport',
          States: {
            BrandReport: {
              Type: 'Task',
              Resource: '${BrandReportArn}',
              TimeoutSeconds: taskOf('BrandReport').timeoutSeconds,
              Retry: [{ ErrorEquals: PERMANENT_ERRORS, MaxAttempts: 0 }, { ErrorEquals: ['States.ALL'], ...BRAND_RETRY }],
              Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordBrandFailure' }],
              End: true,
            },
            RecordBrandFailure: {
              Type: 'Task',
              Resource: '${RecordBrandFailureArn}',
              TimeoutSeconds: taskOf('RecordBrandFailure').timeoutSeconds,
              Parameters: { 'job.$': '$.job', 'period.$': '$.period', 'brand.$': '$.brand', 'error.$': '$.error' },
              Retry: [{ ErrorEquals: TRANSIENT_ERRORS, IntervalSeconds: 2, BackoffRate: 2, MaxAttempts: 3 }],
              End: true,
            },
          },
        },
        ResultPath: '$.results',
        End: true,
      },
    },
  };
}

/** The definition with every `${<State>Arn}` replaced (CDK passes real ARNs; local, placeholders). */
export function reportsDefinitionWith(arnOf: (state: string) => string): string {
  return JSON.stringify(reportsDefinition()).replace(/\$\{(\w+)Arn\}/g, (_, state: string) => arnOf(state));
}
