/**
 * Storage: the one DynamoDB table (keys from ../table-schema.ts, shared with the local stack), the data
 * bucket (robot drops, file rows, screenshots, imports, exports, attachments) and the bucket the
 * access logs go to. Exposes the table and buckets so the pipeline (ingest trigger on `incoming/`,
 * state machine) and the schedules can be added next to the API without reaching inside.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, TableEncryption, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
  StorageClass,
  type IBucket,
  type LifecycleRule,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { EXPORT_OBJECT_DAYS, SCRAPED_ARCHIVE_DAYS, SCRAPED_OBJECT_DAYS } from '../../shared/retention';
import { DATA_PREFIX, TABLE_KEYS } from '../table-schema';

/**
 * Retention from the terms: scraped web data archived after 4 weeks, deleted after 6 months
 * (shared/retention.ts: 180 days after upload, never longer than 6 calendar months; the table's
 * per-period items expire by TTL on `expiresAt` = the period's date + 6 months; docs/decisions.md "Retention").
 */
export const RETENTION = {
  archiveAfter: Duration.days(SCRAPED_ARCHIVE_DAYS),
  deleteAfter: Duration.days(SCRAPED_OBJECT_DAYS),
  /** Export links "expire in 7 days"; the object goes with them. */
  exportsDeleteAfter: Duration.days(EXPORT_OBJECT_DAYS),
  abortUploadsAfter: Duration.days(1),
  /** A job's request object is read once, when its worker starts. */
  jobsDeleteAfter: Duration.days(1),
  /** The contact form's uploads are read when the email is sent (within the upload link's 15 minutes, then the send); what is left is gone a day later. */
  uploadsDeleteAfter: Duration.days(1),
  logsDeleteAfter: Duration.days(90),
} as const;

/** The prefixes holding scraped data (robot drops and what is derived from them). */
export const SCRAPED_PREFIXES = [DATA_PREFIX.incoming, DATA_PREFIX.files, DATA_PREFIX.screenshots] as const;

/**
 * Where scraped data goes after four weeks. Glacier Instant Retrieval: a fraction of the Standard
 * price, still read in milliseconds, so the dashboard's older periods open without a restore step.
 * Its 90-day minimum is inside the 180 days the object lives. S3 skips objects under 128 KB (their
 * transition would cost more than it saves), which is the default for new buckets.
 */
export const ARCHIVE_CLASS = StorageClass.GLACIER_INSTANT_RETRIEVAL;

export class Storage extends Construct {
  readonly table: ITable;
  readonly dataBucket: Bucket;
  /** Receives S3 server access logs (per-bucket prefixes) and CloudFront logs (`cloudfront/`). */
  readonly logsBucket: IBucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    const table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_KEYS.ttlAttribute,
      encryption: TableEncryption.AWS_MANAGED,
      // The accounts and the audit history: never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE_KEYS.indexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }
    this.table = table;

    const logsBucket = new Bucket(this, 'LogsBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // CloudFront standard logging writes with an ACL grant, so ACLs must stay enabled here.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: RETENTION.logsDeleteAfter }, { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: RETENTION.abortUploadsAfter }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would log its own log deliveries without end.',
    });
    this.logsBucket = logsBucket;

    const lifecycleRules: LifecycleRule[] = [
      ...SCRAPED_PREFIXES.map(
        (prefix): LifecycleRule => ({
          id: `scraped-${prefix.replace(/\/$/, '')}`,
          prefix,
          transitions: [{ storageClass: ARCHIVE_CLASS, transitionAfter: RETENTION.archiveAfter }],
          expiration: RETENTION.deleteAfter,
        }),
      ),
      // The periods' product snapshots are scraped data too: gone with the rest after 180 days (a
      // period still there rebuilds a missing one on its next read: docs/product-reads.md). The
      // on-hand feed snapshots (snapshots/oh/, snapshots/oh-skus/: the brand's own inventory) stay.
      { id: 'scraped-period-snapshots', prefix: DATA_PREFIX.periodSnapshots, expiration: RETENTION.deleteAfter },
      { id: 'exports', prefix: DATA_PREFIX.exports, expiration: RETENTION.exportsDeleteAfter },
      { id: 'jobs', prefix: DATA_PREFIX.jobs, expiration: RETENTION.jobsDeleteAfter },
      { id: 'contact-uploads', prefix: DATA_PREFIX.contactUploads, expiration: RETENTION.uploadsDeleteAfter },
      { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: RETENTION.abortUploadsAfter },
    ];

    this.dataBucket = new Bucket(this, 'DataBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 's3/data/',
      // Not versioned: the terms promise deletion after six months, and a noncurrent version would
      // outlive that promise.
      lifecycleRules,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /**
   * The web app's address may POST the contact form's images to the bucket (the presigned POSTs
   * of POST /contact_retailer/attachments hold key, type and size); nothing else crosses origins.
   */
  allowUploadsFrom(appUrl: string): void {
    this.dataBucket.addCorsRule({ allowedOrigins: [appUrl], allowedMethods: [HttpMethods.POST], allowedHeaders: ['*'], maxAge: 3000 });
  }
}
