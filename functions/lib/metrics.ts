/**
 * Metrics of the work done, in CloudWatch's embedded metric format (Powertools for AWS Lambda's
 * Metrics): one EMF line per figure, written at once (a single-metric document), so no handler
 * has to flush at its end and a crash loses nothing already counted. Namespace `RetailerAudit`
 * (shared/constants.ts METRICS_NAMESPACE: the operations dashboard reads it), dimension `service`, plus the
 * figure's own (`flag` of an ingested file). Off where POWERTOOLS_METRICS_DISABLED=true (the local
 * stack: its console is for people).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE } from '../../shared/constants';

const metrics = new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? METRICS_NAMESPACE, serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'retailer-audit' });

/** The figures the dashboard reads, with their unit. */
export const FIGURES = {
  FilesIngested: MetricUnit.Count,
  ApprovalsPublished: MetricUnit.Count,
  ApprovalDurationSeconds: MetricUnit.Seconds,
  RowsStaged: MetricUnit.Count,
  EmailsSent: MetricUnit.Count,
  Exports: MetricUnit.Count,
  ExportRows: MetricUnit.Count,
  ContactsImported: MetricUnit.Count,
  /** A case's pictures not copied out of the scraped objects' expiry (`npm run keep-evidence` keeps them): alarmed. */
  EvidenceNotKept: MetricUnit.Count,
  /** An email about a case to the brand's followers that failed after the case itself was kept (a retailer's answer, a drafted second notice): alarmed. */
  CaseEmailsFailed: MetricUnit.Count,
} as const;
export type Figure = keyof typeof FIGURES;

/** Write one figure now (an EMF line on stdout in Lambda, which CloudWatch turns into a metric). */
export function record(name: Figure, value: number, dimensions: Record<string, string> = {}): void {
  if (!Number.isFinite(value)) return;
  const one = metrics.singleMetric();
  for (const [k, v] of Object.entries(dimensions)) one.addDimension(k, v);
  one.addMetric(name, FIGURES[name], value);
}
