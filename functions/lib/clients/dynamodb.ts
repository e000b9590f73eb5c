import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../env';

export const dynamo = new DynamoDBClient({ region: env.region, ...(env.dynamoEndpoint ? { endpoint: env.dynamoEndpoint } : {}) });
export const ddb = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});
