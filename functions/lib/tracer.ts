/**
 * X-Ray tracing of the AWS SDK calls (Powertools for AWS Lambda's Tracer): every client is made
 * through `traced`, so each DynamoDB, S3, SES, Step Functions and Lambda call is a subsegment of
 * the function's trace (the functions run with active tracing: infra/constructs/api-function.ts).
 * Outside Lambda (the local stack, the tests) the Tracer is off and the client is returned as it is.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';

export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'retailer-audit' });

export const traced = <T>(client: T): T => tracer.captureAWSv3Client(client);
