import { SESv2Client } from '@aws-sdk/client-sesv2';
import { env } from '../env';
import { traced } from '../tracer';
import { lazy } from './lazy';

/** The SES client, made on first use (./lazy.ts), its calls traced (../tracer.ts). */
export const ses = /* @__PURE__ */ lazy(() => traced(new SESv2Client({ region: env.region, ...(env.sesEndpoint ? { endpoint: env.sesEndpoint } : {}) })));
