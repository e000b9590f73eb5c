/**
 * Fixtures of the post-office suites (integration and browser): a brand and a retailer of the
 * test's own, robot files dropped into the stack's S3 as a scraper would, and a wait for the
 * ingest to file them.
 */
import { callRoute, stack } from './api';

export interface OwnTenant {
  brand: { _id: string; name: string; slug: string };
  retailer: { _id: string; name: string; optId: string; slug: string; website: string };
}

/** Point this process's SDK clients at the stack, then make the brand and the retailer it carries. */
export async function makeOwnTenant(t: OwnTenant): Promise<void> {
  Object.assign(process.env, stack().env);
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const { putRetailer } = await import('../../functions/retailers/retailers.repo');
  const now = new Date().toISOString();
  await putRetailer({ ...t.retailer, createdAt: now, updatedAt: now });
  await putBrand({
    ...t.brand,
    colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' },
    retailers: [{ retailer: t.retailer._id, flag: true, webSiteType: 'retailerWithProducts' }],
    createdAt: now,
    updatedAt: now,
  });
}

/** Put a file at a key of the data bucket (the S3 event runs the ingest). */
export async function putObject(key: string, body: string): Promise<void> {
  const S3 = await import('@aws-sdk/client-s3');
  const { s3 } = await import('../../functions/lib/clients/s3');
  await s3.send(new S3.PutObjectCommand({ Bucket: stack().env.DATA_BUCKET!, Key: key, Body: body, ContentType: 'text/csv' }));
}

/** Drop a robot file where a scraper would; returns its key. */
export async function dropRobotFile(retailerSlug: string, type: string, date: string, body: string, robot = 'robot'): Promise<string> {
  const key = `incoming/${type}/${retailerSlug}/${date}/${robot}.csv`;
  await putObject(key, body);
  return key;
}

/** Wait until the file is in the post office (and, when asked, until its status settles). */
export async function waitForFile(adminToken: string, key: string, settled = false): Promise<any> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await callRoute('listFiles', { token: adminToken, query: { fileName: key, limit: 5 } });
    const f = res.status === 200 ? res.body.data.find((x) => x.fileName === key) : undefined;
    if (f && (!settled || f.approvedStatus !== 'pending' || f.flag === 'require_review' || f.processingError)) return f;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${key} did not reach the post office`);
}

let barriers = 0;
/**
 * Wait until every object event the stack received before this call was ingested, without a clock:
 * the local stack ingests S3 events one at a time in arrival order, so once a file dropped now is
 * in the post office, the events before it are done. The barrier file is an unreadable drop of the
 * given retailer (a post-office entry of that retailer only).
 */
export async function ingestBarrier(adminToken: string, retailerSlug: string): Promise<void> {
  const key = `incoming/product/${retailerSlug}/2015-06-01/barrier-${process.pid}-${++barriers}-${Date.now()}.csv`;
  await putObject(key, 'not a robot file\n');
  await waitForFile(adminToken, key);
}
