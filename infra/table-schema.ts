/**
 * The table's key schema, read by the CDK storage construct and by the local stack, so the
 * emulator's table is the deployed table.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    /** Post-office files by status and flag, by date (README "Data model"). */
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    /** Post-office files by status, flag and type, by retailer name: the list sorted by name or type. */
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
  ],
} as const;

/** Prefixes of the data bucket (lifecycle rules and the ingest trigger key off these). */
export const DATA_PREFIX = {
  incoming: 'incoming/',
  files: 'files/',
  screenshots: 'screenshots/',
  imports: 'imports/',
  exports: 'exports/',
  attachments: 'attachments/',
  /** Read snapshots of periods and on-hand feeds (docs/product-reads.md); rebuilt when missing. */
  snapshots: 'snapshots/',
  /** The periods' product snapshots (scraped data): deleted with the scraped prefixes (docs/decisions.md "Retention"). */
  periodSnapshots: 'snapshots/periods/',
  /** Request objects of background jobs (the basket export's `jobs/basket-export/<id>.json`): each starts its worker; deleted after a day. */
  jobs: 'jobs/',
  /** The contact form's images, uploaded through presigned POSTs before the email names them; deleted once sent, else after a day. */
  contactUploads: 'uploads/contact/',
  /**
   * The pictures a case keeps (issue 24 §2): its scraped image and screenshot copied at its opening
   * (`evidence/<brand>/<caseId>/<opening>-<image|screenshot>.<ext>`), out of the scraped prefixes'
   * 180-day expiry. No lifecycle rule: kept as long as the case (docs/decisions/40-cases.md).
   */
  evidence: 'evidence/',
} as const;
