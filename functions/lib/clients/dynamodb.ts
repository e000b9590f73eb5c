import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../env';
import { traced } from '../tracer';
import { lazy } from './lazy';

/** The DynamoDB client, made on first use (./lazy.ts), its calls traced (../tracer.ts). */
export const dynamo = /* @__PURE__ */ lazy(() => traced(new DynamoDBClient({ region: env.region, ...(env.dynamoEndpoint ? { endpoint: env.dynamoEndpoint } : {}) })));
/** The document client over `dynamo` (its config and middleware stack), made on first use. */
export const ddb = /* @__PURE__ */ lazy(() =>
  DynamoDBDocumentClient.from(dynamo, { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } }),
);
