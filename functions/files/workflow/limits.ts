/**
 * The approval state machine's TimeoutSeconds (infra/workflow/approval.ts): Step Functions ends
 * an execution older than this, so an approval claim older than this is stale and may be taken
 * over (functions/files/approval-claim.ts). No imports: the CDK app reads it too.
 */
export const APPROVAL_TIMEOUT_SECONDS = 900;
