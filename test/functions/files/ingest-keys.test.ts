import { describe, expect, it } from 'vitest';
import { decodeS3Key, fileIdFor, INCOMING_PATTERN } from '../../../functions/files/ingest';
import { encodeS3EventKey } from '../../../infra/local/s3-events';

describe('robot drop keys', () => {
  it('reads type, retailer slug, period and robot from the key', () => {
    const m = INCOMING_PATTERN.exec('incoming/product/harrowgate-finch/2026-11-16/product-robot.csv');
    expect(m?.slice(1, 6)).toEqual(['product', 'harrowgate-finch', '2026-11-16', 'product-robot', '.csv']);
  });
  it('does not accept a key outside the layout', () => {
    expect(INCOMING_PATTERN.exec('incoming/product/harrowgate-finch/file.csv')).toBeNull();
    expect(INCOMING_PATTERN.exec('incoming/product/harrowgate-finch/16-11-2026/file.csv')).toBeNull();
  });
  it('decodes S3 event keys as S3 encodes them (spaces as +, the rest percent-encoded)', () => {
    const key = 'incoming/product/orchard-row/2026-11-16/robot run #2 (100%).csv';
    expect(encodeS3EventKey(key)).toBe('incoming/product/orchard-row/2026-11-16/robot+run+%232+(100%25).csv');
    expect(decodeS3Key(encodeS3EventKey(key))).toBe(key);
  });
  it('gives the same object the same file id, and a changed object another', () => {
    expect(fileIdFor('incoming/a', 'etag1')).toBe(fileIdFor('incoming/a', 'etag1'));
    expect(fileIdFor('incoming/a', 'etag1')).not.toBe(fileIdFor('incoming/a', 'etag2'));
    expect(fileIdFor('incoming/a', 'etag1')).toMatch(/^f[A-Za-z0-9_]{21}$/);
  });
});
