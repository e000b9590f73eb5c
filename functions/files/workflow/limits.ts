/**
 * The approval state machine's TimeoutSeconds (infra/workflow/approval.ts): Step Functions ends
 * an execution older than this, so an approval claim older than this is stale and may be taken
 * over (functions/files/approval-claim.ts). No imports: the CDK app reads it too.
 */
export const APPROVAL_TIMEOUT_SECONDS = 900;

/**
 * Time one StageFile invocation spends staging current-side chunks before it hands over to the
 * next one (the Task's TimeoutSeconds is 300), or reading the user fields to carry (a page at a
 * time, resumed by the next invocation): it leaves room for building the previous side's index
 * (~20 s at 1M rows) after the user fields, and for the deleted products and stage records in the last one.
 */
export const STAGE_BUDGET_MS = 150_000;
