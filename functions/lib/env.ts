/**
 * Environment, read when used (the clients are made on first use: a module imported before the
 * environment is set, as a test's or a script's import graph may do, still sees it). Values that
 * only some functions need go through `required()` so a function fails fast with a clear message
 * when its binding is missing.
 */
export function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`Missing environment variable ${name}`);
  return v;
}

export const env = {
  get region() {
    return process.env.AWS_REGION ?? 'us-east-1';
  },
  /** Set locally to point the SDK clients at the emulators. */
  get dynamoEndpoint() {
    return process.env.DYNAMODB_ENDPOINT;
  },
  get s3Endpoint() {
    return process.env.S3_ENDPOINT;
  },
  get sesEndpoint() {
    return process.env.SES_ENDPOINT;
  },
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
