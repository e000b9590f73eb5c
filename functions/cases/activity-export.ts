/**
 * The retailer's case log as an xlsx (issue 24), a background export job like every export
 * (docs/exports.md "Every export is a job"; the machinery is functions/exports/export-jobs.ts):
 * - `startActivityExport` (POST /caseActivity/{brandId}/{retailerId}/export): the caller, the
 *   brand's retailer checked, the job recorded and its request object
 *   `jobs/case-activity-export/<id>.json` dropped; answers at once (202) with the job.
 * - `buildCaseActivityExport` (the worker's build): the log newest first, one kind with `kind` (as
 *   the Activity view shows it), read a page of 500 index items at a time and streamed into an
 *   xlsx in /tmp (domain/activity-sheet.ts: date and time, case, event, by, detail, status after),
 *   put under `exports/<brand>/<retailer>/<id>.xlsx` and recorded in the retailer's ALL EXPORTS,
 *   as a tab's export: the same 7-day app link, history and notification.
 */
import type { CaseActivityExportBody, CaseEventKind } from '../../shared/schemas/cases';
import { CASE_ACTIVITY_EXPORT as M } from '../../shared/messages/cases';
import type { ExportJobView } from '../../shared/schemas/exports';
import { getBrand } from '../brands';
import { escapeHtml, exportFileName, exportKeyOf, exportRecordWrites, JobError, jobQuery, linkExpiry, putExportObject, startExportJob, writeCellsXlsxFile, type JobBuilder } from '../exports';
import type { AuthContext } from '../lib/http/auth';
import { NotFoundError } from '../lib/http/errors';
import { getRetailers } from '../retailers';
import { retailerEventPages } from './cases.repo';
import { ACTIVITY_COLUMNS, activityCells, activityTitle } from './domain/activity-sheet';
import { assertCanSeeCases } from './reads';

/** Index items read a Query (queryPage reads at most 500 a Query). */
const PAGE = 500;

/** What the job keeps of the request: the kind of event shown, if one. */
interface ActivityJobQuery {
  kind?: CaseEventKind;
}

/** The retailer, if the brand carries it (and has it enabled): its exports go to its ALL EXPORTS, which lists only those. */
async function carriedRetailer(brandId: string, retailerId: string) {
  const [brand, [retailer]] = await Promise.all([getBrand(brandId), getRetailers([retailerId])]);
  if (!brand || !retailer || !brand.retailers.some((r) => r.retailer === retailerId && r.flag !== false)) return undefined;
  return retailer;
}

/** POST /caseActivity/{brandId}/{retailerId}/export: 202 with the job (queued); the file is built in the background. */
export async function startActivityExport(auth: AuthContext, brandId: string, retailerId: string, body: CaseActivityExportBody, now = new Date()): Promise<ExportJobView> {
  assertCanSeeCases(auth, brandId, retailerId);
  const retailer = await carriedRetailer(brandId, retailerId);
  if (!retailer) throw new NotFoundError(M.retailerNotFound);
  const query: ActivityJobQuery = body.kind ? { kind: body.kind } : {};
  return startExportJob(
    {
      kind: 'caseActivity',
      brand: brandId,
      retailer: retailerId,
      query: JSON.stringify(query),
      name: exportFileName(retailer.name, activityTitle(body.kind), now.toISOString().slice(0, 10)),
      createdBy: auth.sub,
    },
    now,
  );
}

/** The log's rows, newest first, a page of the index at a time (never the whole log in memory). */
async function* activityRows(brand: string, retailer: string, kind: CaseEventKind | undefined): AsyncGenerator<string[]> {
  for await (const page of retailerEventPages(brand, retailer, kind, PAGE)) for (const e of page) yield activityCells(e);
}

/** The worker's build of an activity job: the xlsx of the log, into the retailer's ALL EXPORTS. */
export const buildCaseActivityExport: JobBuilder = async (job, ctx) => {
  const { kind } = jobQuery<ActivityJobQuery>(job);
  const retailer = await carriedRetailer(job.brand, job.retailer);
  if (!retailer) throw new JobError(M.retailerNotFound);
  await ctx.progress(0);
  const title = activityTitle(kind);
  const file = ctx.tmpFile('xlsx');
  const count = await writeCellsXlsxFile(file, title, ACTIVITY_COLUMNS, activityRows(job.brand, job.retailer, kind), (n) => ctx.progress(n));
  const key = exportKeyOf(job.brand, job.retailer, job._id);
  await putExportObject(key, file);
  return {
    key,
    rows: count,
    writes: exportRecordWrites({ _id: job._id, brand: job.brand, retailer: job.retailer, name: job.name, key, rows: count, createdBy: job.createdBy, createdAt: job.createdAt, linkExpiresAt: linkExpiry(job.createdAt) }),
    notification: {
      subject: 'export:Export ready',
      retailer: retailer.name,
      retailerId: job.retailer,
      message: `<p>The export <b>${escapeHtml(job.name)}</b> (${count.toLocaleString('en-US')} rows, ${escapeHtml(title)}) is ready in ALL EXPORTS of ${escapeHtml(retailer.name)}. Export links expire in 7 days.</p>`,
    },
  };
};
