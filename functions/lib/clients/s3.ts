import { S3Client } from '@aws-sdk/client-s3';
import { env } from '../env';
import { traced } from '../tracer';
import { lazy } from './lazy';

/**
 * The S3 client, made on first use (./lazy.ts), its calls traced (../tracer.ts). Checksums only when required: s3rver stores
 * streamed uploads corrupted otherwise, and presigned URLs then match between AWS and local (the
 * team's emulator notes record both).
 */
export const s3 = /* @__PURE__ */ lazy(() =>
  traced(
    new S3Client({
      region: env.region,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(env.s3Endpoint ? { endpoint: env.s3Endpoint, forcePathStyle: true } : {}),
    }),
  ),
);
