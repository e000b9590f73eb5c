/**
 * The local S3's POST policy check (infra/local/s3-post-policy.ts), which makes s3rver refuse what
 * S3 refuses for a presigned POST: an expired policy, a field other than the policy's, a file
 * larger or smaller than its range, a form without a policy.
 */
import { describe, expect, it } from 'vitest';
import { checkPostPolicy } from '../../infra/local/s3-post-policy';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const policy = (p: object) => Buffer.from(JSON.stringify(p)).toString('base64');
const valid = policy({
  expiration: '2026-11-28T10:15:00Z',
  conditions: [{ bucket: 'data' }, { key: 'uploads/contact/b/u/1/a.png' }, ['content-length-range', 1, 100], ['eq', '$Content-Type', 'image/png'], ['starts-with', '$x-amz-meta-tag', 'ok']],
});
const fields = { key: 'uploads/contact/b/u/1/a.png', 'content-type': 'image/png', 'x-amz-meta-tag': 'ok-1' };

describe('the local S3 checks a presigned POST policy as S3 does', () => {
  it('lets a form that keeps every condition through', () => {
    expect(checkPostPolicy(valid, fields, 100, NOW)).toBeUndefined();
    expect(checkPostPolicy(valid, fields, 1, NOW)).toBeUndefined();
  });
  it('refuses a file over or under its range', () => {
    expect(checkPostPolicy(valid, fields, 101, NOW)).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(checkPostPolicy(valid, fields, 0, NOW)).toMatchObject({ status: 400, code: 'EntityTooSmall' });
  });
  it('refuses another key, another type, a field that does not start as required', () => {
    expect(checkPostPolicy(valid, { ...fields, key: 'uploads/contact/b/other/1/a.png' }, 10, NOW)).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(checkPostPolicy(valid, { ...fields, 'content-type': 'text/html' }, 10, NOW)).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(checkPostPolicy(valid, { ...fields, 'x-amz-meta-tag': 'no' }, 10, NOW)).toMatchObject({ status: 403 });
  });
  it('refuses an expired policy, a missing one, one that is not JSON', () => {
    expect(checkPostPolicy(valid, fields, 10, Date.parse('2026-11-28T10:15:01Z'))).toMatchObject({ status: 403, message: expect.stringContaining('expired') });
    expect(checkPostPolicy(undefined, fields, 10, NOW)).toMatchObject({ status: 403 });
    expect(checkPostPolicy(Buffer.from('{nope').toString('base64'), fields, 10, NOW)).toMatchObject({ status: 400, code: 'InvalidPolicyDocument' });
  });
});
