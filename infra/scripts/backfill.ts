/**
 * `tsx infra/scripts/backfill.ts <table name>`: give items written before an index existed its
 * keys (the post-office files' gsi4 sort keys, docs/decisions.md "Lists"), the retailers' waiting
 * scans (pending product files, docs/period-rules.md "Last Scan and Next Scan"), and the brands' scan
 * dates for periods published before they were kept (docs/data-model-scrapings.md), the
 * retention expiry of per-period items written before it (docs/decisions.md "Retention": a
 * period older than 6 months is deleted by TTL within a day or two of the first run), and the
 * index of brands per retailer with its counts (docs/decisions.md "User Retailer List and
 * Permissions"), and the brands' dashboard rows (docs/decisions.md "Summary and Retailer List at
 * 200 retailers"), and the brands' cases awaiting an answer by notice day (functions/cases/cases.repo.ts
 * backfillNoticeDays), the users' addresses by email domain (functions/users/users.repo.ts
 * backfillEmailDomainKeys), and the brands' SSO client secrets under the stack's own names (with the
 * stack's name: functions/sso/sso.repo.ts moveSsoSecrets), and the SSO domains reserved before they
 * had to be proven (issue 36: made pending, so they stop routing until their DNS record is checked:
 * backfillDomainVerifications). Idempotent;
 * `npm run deploy` runs it after the main stack's update, with the deployer's credentials.
 */
const tableName = process.argv[2];
const stackName = process.argv[3];
if (!tableName) {
  console.error('Usage: tsx infra/scripts/backfill.ts <table name> [<stack name>]');
  process.exit(2);
}
process.env.TABLE_NAME = tableName;
const { backfillFileSortKeys } = await import('../../functions/files/files.repo');
console.log(`Backfilled the sort keys of ${await backfillFileSortKeys()} post-office file(s) in ${tableName}.`);
const { backfillPendingScans } = await import('../../functions/files/files.repo');
console.log(`Backfilled the waiting scans of ${await backfillPendingScans()} pending product file(s) in ${tableName}.`);
const { listBrands } = await import('../../functions/brands/brands.repo');
const { backfillBrandScanDates } = await import('../../functions/scrapings/scrapings.repo');
const brands = (await listBrands()).map((b) => b._id);
console.log(`Backfilled ${await backfillBrandScanDates(brands)} scan date(s) of ${brands.length} brand(s) in ${tableName}.`);
const { backfillPeriodReportCounts } = await import('../../functions/scrapings/scrapings.repo');
console.log(`Backfilled the report counters of ${await backfillPeriodReportCounts(brands)} period(s) in ${tableName}.`);
const { backfillPeriodExpiresAt } = await import('../../functions/scrapings/scrapings.repo');
const expiry = await backfillPeriodExpiresAt(brands);
console.log(`Backfilled the retention expiry (expiresAt) of ${expiry.periods} period(s), ${expiry.items} item(s) in all, in ${tableName}.`);
for (const bad of expiry.badDates) console.warn(`Left without expiresAt (not a calendar date): ${bad}`);
const { backfillUserKeys } = await import('../../functions/users/users.repo');
console.log(`Backfilled the admin list keys and the count of ${await backfillUserKeys()} user(s) in ${tableName}.`);
const { backfillEmailDomainKeys } = await import('../../functions/users/users.repo');
console.log(`Backfilled the email domain keys of ${await backfillEmailDomainKeys()} address(es) in ${tableName}.`);
const { backfillRetailerIndex } = await import('../../functions/retailers/retailers.repo');
const retailerIndex = await backfillRetailerIndex((m) => console.warn(m));
console.log(`Backfilled the Opt ID and name reservations of ${retailerIndex.total} retailer(s) and their count in ${tableName}.`);
const { backfillRetailerBrandIndex } = await import('../../functions/brands/retailer-brands.repo');
const { listRetailers } = await import('../../functions/retailers/retailers.repo');
const carriage = await backfillRetailerBrandIndex(await listBrands(), (await listRetailers()).map((r) => r._id));
console.log(`Backfilled the index of brands per retailer: ${carriage.items} item(s) of ${carriage.brands} brand(s), ${carriage.removed} stale item(s) removed, counts recounted, in ${tableName}.`);

// The brands' SSO client secrets under this stack's own names (they were account-wide: sso/<brand>).
if (stackName) {
  const { ssoSecretPrefixOf } = await import('../config');
  process.env.SSO_SECRET_PREFIX = ssoSecretPrefixOf({ stackName });
  const { moveSsoSecrets } = await import('../../functions/sso/sso.repo');
  const { readSecretIfAny, writeSecretString } = await import('../../functions/lib/secrets');
  const moved = await moveSsoSecrets(brands, { read: readSecretIfAny, write: writeSecretString });
  console.log(`Copied the SSO client secrets of ${moved.length} brand(s) to ${process.env.SSO_SECRET_PREFIX}<brand>${moved.length ? ` (${moved.join(', ')}); their old sso/<brand> secrets are left for you to delete once no other stage uses them` : ''}.`);
}
const { backfillDomainVerifications } = await import('../../functions/sso/sso.repo');
const unproven = await backfillDomainVerifications(brands);
console.log(`Made ${unproven.length} single sign-on domain(s) reserved before domains were proven pending in ${tableName}${unproven.length ? ` (${unproven.join(', ')}): their brands publish the TXT record shown in Settings › Single sign-on` : ''}.`);
const { backfillNoticeDays } = await import('../../functions/cases');
let noticeDays = 0;
for (const b of brands) noticeDays += await backfillNoticeDays(b);
console.log(`Counted again the cases awaiting an answer by notice day (the overdue count): ${noticeDays} day(s) of ${brands.length} brand(s) in ${tableName}.`);

export {};
const { refreshBrandRows } = await import('../../functions/scrapings/brand-rows.repo');
const carried = await listBrands();
for (const b of carried) await refreshBrandRows(b._id, b.retailers.map((e) => e.retailer));
console.log(`Refreshed the dashboard rows (BRANDROW#) of ${carried.reduce((n, b) => n + b.retailers.length, 0)} retailer(s) of ${carried.length} brand(s) in ${tableName}.`);
