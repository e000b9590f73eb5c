/**
 * The API's JSON answers compressed by the Lambda itself (issue 7 §5): CloudFront compresses only
 * on behaviours whose cache policy enables gzip and brotli, which a policy with caching disabled
 * (the `/api/*` behaviour: CachingDisabled) cannot, and an HTTP API does not compress. So the
 * answer leaves the function compressed when the caller accepts it, as CloudFront does for the
 * site: brotli, else gzip, for 1,000 bytes or more. CloudFront passes an answer that has a
 * Content-Encoding through as it is; API Gateway decodes the base64 body to bytes.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** Below this, compression saves less than it costs (CloudFront's own threshold). */
export const COMPRESS_MIN_BYTES = 1000;

/** The encoding CloudFront would pick for this Accept-Encoding: brotli, else gzip, else none (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** Brotli at quality 5: close to gzip's speed with smaller output (quality 11, the default, is far slower). */
export function compressBytes(data: string | Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br' ? brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(data, { level: 6 });
}

/** A JSON answer of 1,000 bytes or more, compressed for a caller that accepts it; anything else as it is. */
export function compressResponse(response: APIGatewayProxyStructuredResultV2, acceptEncoding: string | undefined): APIGatewayProxyStructuredResultV2 {
  const headers = response.headers ?? {};
  const type = String(headers['content-type'] ?? '');
  const body = response.body;
  if (typeof body !== 'string' || response.isBase64Encoded || !type.includes('json') || headers['content-encoding'] !== undefined) return response;
  if (Buffer.byteLength(body, 'utf8') < COMPRESS_MIN_BYTES) return response;
  const encoding = pickEncoding(acceptEncoding);
  if (!encoding) return { ...response, headers: { ...headers, vary: 'accept-encoding' } };
  return {
    ...response,
    headers: { ...headers, 'content-encoding': encoding, vary: 'accept-encoding' },
    body: compressBytes(body, encoding).toString('base64'),
    isBase64Encoded: true,
  };
}
