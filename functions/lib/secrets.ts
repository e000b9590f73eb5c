/**
 * Reads one Secrets Manager secret's string. The client is imported on first use, not at module
 * load: locally and in the tests the secrets come from the environment and the SDK client is never
 * loaded; in AWS it loads once per cold start, on the first request, when the secret is first read.
 */
import { traced } from './tracer';

export async function readSecretString(secretId: string): Promise<string | undefined> {
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const out = await traced(new SecretsManagerClient({})).send(new GetSecretValueCommand({ SecretId: secretId }));
  return out.SecretString;
}
