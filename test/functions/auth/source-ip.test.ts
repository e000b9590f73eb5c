import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceIp } from '../../../functions/auth/throttle';

const event = (sourceIpOfGateway: string, headers: Record<string, string> = {}) =>
  ({ headers, requestContext: { http: { sourceIp: sourceIpOfGateway } } }) as unknown as APIGatewayProxyEventV2;

describe('the address login throttling counts', () => {
  afterEach(() => {
    delete process.env.ORIGIN_SECRET;
  });

  it('behind CloudFront is the viewer address CloudFront forwards, not the edge address every viewer of that edge shares', () => {
    process.env.ORIGIN_SECRET = 'x'.repeat(32);
    expect(sourceIp(event('130.176.1.1', { 'cloudfront-viewer-address': '198.51.100.10:46532' }))).toBe('198.51.100.10');
    expect(sourceIp(event('130.176.1.1', { 'cloudfront-viewer-address': '2001:db8::1:46532' }))).toBe('2001:db8::1');
    expect(sourceIp(event('130.176.1.1', { 'cloudfront-viewer-address': '::ffff:203.0.113.7:443' }))).toBe('203.0.113.7');
  });

  it('without an origin check (the local server) ignores a viewer-address header a caller could forge', () => {
    expect(sourceIp(event('127.0.0.5', { 'cloudfront-viewer-address': '198.51.100.10:46532' }))).toBe('127.0.0.5');
    expect(sourceIp(event('::ffff:127.0.0.9'))).toBe('127.0.0.9');
  });
});
