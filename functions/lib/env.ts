/**
 * Environment, read once at module load. Values that only some functions need are read lazily
 * through `required()` so a function fails fast with a clear message when its binding is missing.
 */
export function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`Missing environment variable ${name}`);
  return v;
}

export const env = {
  region: process.env.AWS_REGION ?? 'us-east-1',
  /** Set locally to point the SDK clients at the emulators. */
  dynamoEndpoint: process.env.DYNAMODB_ENDPOINT,
  s3Endpoint: process.env.S3_ENDPOINT,
  sesEndpoint: process.env.SES_ENDPOINT,
  get tableName() {
    return required('TABLE_NAME');
  },
  get dataBucket() {
    return required('DATA_BUCKET');
  },
  get sesFrom() {
    return required('SES_FROM');
  },
  /** Public address of the web app, for links in emails. */
  get appUrl() {
    return required('APP_URL').replace(/\/$/, '');
  },
};
