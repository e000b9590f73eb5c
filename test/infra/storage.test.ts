/** Storage: the one table and the data bucket, with the retention the terms promise. */
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_PREFIX, TABLE_KEYS } from '../../infra/table-schema';
import { table } from '../../functions/lib/table';
import { EXPORT_LINK_DAYS } from '../../shared/constants';
import { SCRAPED_OBJECT_DAYS } from '../../shared/retention';
import { cleanup, resourcesOf, synth } from './synth';

let built: ReturnType<typeof synth>;
const dataBucketId = () => built.stack.getLogicalId(built.stack.storage.dataBucket.node.defaultChild as never);
const dataBucket = () => resourcesOf(built.template, 'AWS::S3::Bucket')[dataBucketId()]!;

beforeAll(() => {
  built = synth({ webDist: null });
});
afterAll(cleanup);

describe('table', () => {
  it('is one on-demand table keyed by pk/sk, with PITR, TTL on expiresAt, and retained', () => {
    built.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    built.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        SSESpecification: { SSEEnabled: true },
      },
    });
  });

  it('deletes by TTL on the attribute the code writes (per-period items: the date + 6 months, docs/decisions.md "Retention")', () => {
    const props = Object.values(resourcesOf(built.template, 'AWS::DynamoDB::Table'))[0]!.Properties!;
    expect(props.TimeToLiveSpecification).toEqual({ AttributeName: table.ttl, Enabled: true });
  });

  it('has the GSIs of table-schema.ts, each with its own pk/sk, projecting all attributes', () => {
    const props = Object.values(resourcesOf(built.template, 'AWS::DynamoDB::Table'))[0]!.Properties!;
    const gsis = props.GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown; Projection: unknown }[];
    expect(gsis.map((g) => g.IndexName)).toEqual(TABLE_KEYS.indexes.map((i) => i.name));
    for (const index of TABLE_KEYS.indexes) {
      expect(gsis.find((g) => g.IndexName === index.name)).toMatchObject({
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      });
    }
  });
});

describe('data bucket', () => {
  type Rule = { Id: string; Prefix?: string; ExpirationInDays?: number; Transitions?: { StorageClass: string; TransitionInDays: number }[]; AbortIncompleteMultipartUpload?: { DaysAfterInitiation: number } };
  const rules = () => (dataBucket().Properties!.LifecycleConfiguration as { Rules: Rule[] }).Rules;

  it('archives scraped data after 28 days and deletes it after 180', () => {
    for (const prefix of ['incoming/', 'files/', 'screenshots/']) {
      const rule = rules().find((r) => r.Prefix === prefix);
      expect(rule, prefix).toBeDefined();
      expect(rule!.Transitions).toEqual([{ StorageClass: expect.stringMatching(/^(GLACIER_IR|GLACIER|DEEP_ARCHIVE)$/), TransitionInDays: 28 }]);
      expect(rule!.ExpirationInDays).toBe(180);
    }
  });

  it('deletes scraped objects no later than 6 calendar months after upload (the shortest is 181 days)', () => {
    for (const prefix of ['incoming/', 'files/', 'screenshots/', 'snapshots/periods/']) expect(rules().find((r) => r.Prefix === prefix)?.ExpirationInDays, prefix).toBe(SCRAPED_OBJECT_DAYS);
    expect(SCRAPED_OBJECT_DAYS).toBeLessThanOrEqual(181);
  });

  it('deletes exports after 7 days, as long as their links live, and aborts incomplete multipart uploads', () => {
    expect(rules().find((r) => r.Prefix === 'exports/')).toMatchObject({ ExpirationInDays: 7 });
    expect(EXPORT_LINK_DAYS).toBe(7);
    expect(rules().find((r) => r.Prefix === 'exports/')?.Transitions).toBeUndefined();
    expect(rules().some((r) => r.Prefix === undefined && (r.AbortIncompleteMultipartUpload?.DaysAfterInitiation ?? 0) > 0)).toBe(true);
  });

  it("deletes the contact form's uploads left behind after a day, and takes form uploads from the web app's address only", () => {
    expect(rules().find((r) => r.Prefix === 'uploads/contact/')).toMatchObject({ ExpirationInDays: 1 });
    const cors = (dataBucket().Properties!.CorsConfiguration as { CorsRules: { AllowedMethods: string[]; AllowedOrigins: unknown[] }[] }).CorsRules;
    expect(cors).toHaveLength(1);
    expect(cors[0]!.AllowedMethods).toEqual(['POST']);
    expect(cors[0]!.AllowedOrigins).toHaveLength(1);
    expect(JSON.stringify(cors[0]!.AllowedOrigins)).not.toContain('*');
  });

  it('leaves other prefixes (imports, attachments) alone', () => {
    expect(rules().filter((r) => r.Prefix?.startsWith('imports/') || r.Prefix?.startsWith('attachments/'))).toEqual([]);
  });

  it("keeps a case's evidence pictures (evidence/, outside every scraped prefix) with no expiry nor archive (issue 24 §2)", () => {
    expect(DATA_PREFIX.evidence).toBe('evidence/');
    expect(rules().filter((r) => r.Prefix !== undefined && (DATA_PREFIX.evidence.startsWith(r.Prefix) || r.Prefix.startsWith(DATA_PREFIX.evidence)))).toEqual([]);
    expect(rules().filter((r) => r.Prefix === undefined && (r.ExpirationInDays !== undefined || r.Transitions !== undefined))).toEqual([]);
  });

  it('deletes the periods\' product snapshots with the scraped data, never the on-hand feed snapshots, and has no bucket-wide expiry', () => {
    expect(rules().filter((r) => r.Prefix?.startsWith('snapshots/')).map((r) => [r.Prefix, r.ExpirationInDays])).toEqual([['snapshots/periods/', 180]]);
    expect(rules().filter((r) => r.Prefix === undefined && (r.ExpirationInDays !== undefined || r.Transitions !== undefined))).toEqual([]);
  });

  it('is encrypted, blocks public access, is retained, and logs access to the logs bucket', () => {
    expect(built.template.toJSON().Resources[dataBucketId()].DeletionPolicy).toBe('Retain');
    expect(dataBucket().Properties).toMatchObject({
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      LoggingConfiguration: { DestinationBucketName: { Ref: built.stack.getLogicalId(built.stack.storage.logsBucket.node.defaultChild as never) } },
    });
  });

  it('every bucket blocks public access and refuses requests without TLS', () => {
    const buckets = resourcesOf(built.template, 'AWS::S3::Bucket');
    const policies = Object.values(resourcesOf(built.template, 'AWS::S3::BucketPolicy'));
    for (const [id, b] of Object.entries(buckets)) {
      expect(b.Properties?.PublicAccessBlockConfiguration, id).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
      const policy = policies.find((p) => (p.Properties?.Bucket as { Ref: string }).Ref === id);
      expect(policy?.Properties?.PolicyDocument, id).toMatchObject({
        Statement: expect.arrayContaining([
          expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Principal: { AWS: '*' }, Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      });
    }
  });

  it('is not versioned (a noncurrent version would outlive the 6-month deletion)', () => {
    expect(dataBucket().Properties?.VersioningConfiguration).toBeUndefined();
  });
});

describe('email', () => {
  it('creates the SES identity of the context address', () => {
    built.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: Match.stringLikeRegexp('@') });
  });
});
