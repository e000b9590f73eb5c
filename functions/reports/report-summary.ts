import { ROLE } from '../../shared/constants';
import { route } from '../../shared/routes/reports';
import { httpHandler } from '../http';
import { buildMonthlyReport, reportLink } from './monthly-report';

/**
 * GET /report_summary/{brandId}?month=MM-YYYY (000 §2 Manage Reports, §7): the month's report
 * of the brand (the wrapper checked the brand is the caller's, or the caller an ADMIN) as an
 * xlsx, answered with its 7-day app link; a User with assigned retailers gets only theirs.
 */
export const handler = httpHandler(route('reportSummary'), async ({ params, query, auth }) => {
  const only = auth.role === ROLE.USER && auth.retailers.length > 0 ? auth.retailers : undefined;
  const report = await buildMonthlyReport(params.brandId, query.month, { retailers: only });
  return { link: await reportLink(report, auth.sub), name: report.name, rows: report.rows };
});
