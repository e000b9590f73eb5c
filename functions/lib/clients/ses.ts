import { SESv2Client } from '@aws-sdk/client-sesv2';
import { env } from '../env';
import { lazy } from './lazy';

/** The SES client, made on first use (./lazy.ts). */
export const ses = /* @__PURE__ */ lazy(() => new SESv2Client({ region: env.region, ...(env.sesEndpoint ? { endpoint: env.sesEndpoint } : {}) }));
