import { SESv2Client } from '@aws-sdk/client-sesv2';
import { env } from '../env';

export const ses = new SESv2Client({ region: env.region, ...(env.sesEndpoint ? { endpoint: env.sesEndpoint } : {}) });
