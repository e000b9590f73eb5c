/**
 * Reads and writes Secrets Manager secrets' strings. The client is imported on first use, not at
 * module load: locally and in the tests the secrets come from the environment and the SDK client is never
 * loaded; in AWS it loads once per cold start, on the first request, when the secret is first read.
 *
 * Locally (LOCAL_SECRETS_FILE, set by infra/local/stack.ts) the secrets a function writes at run
 * time (a brand's single sign-on client secret, `sso/local/<brand>`) are kept in the stack's secrets
 * file instead, by name: the same calls, the same names, another store.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { traced } from './tracer';

function localStore(): { file: string; read: () => Record<string, string> } | undefined {
  const file = process.env.LOCAL_SECRETS_FILE;
  if (!file) return undefined;
  return { file, read: () => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {}) };
}

export async function readSecretString(secretId: string): Promise<string | undefined> {
  const local = localStore();
  if (local) return local.read()[secretId];
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const out = await traced(new SecretsManagerClient({})).send(new GetSecretValueCommand({ SecretId: secretId }));
  return out.SecretString;
}

/** Reads a secret, undefined when it does not exist (yet). */
export async function readSecretIfAny(secretId: string): Promise<string | undefined> {
  try {
    return await readSecretString(secretId);
  } catch (e) {
    if ((e as Error).name === 'ResourceNotFoundException') return undefined;
    throw e;
  }
}

/** Writes a secret's string: a new version of it, or the secret itself the first time (by name). */
export async function writeSecretString(secretId: string, value: string, description?: string): Promise<void> {
  const local = localStore();
  if (local) {
    // Synchronous read-modify-write within the one local process; a rename keeps the file whole.
    const all = { ...local.read(), [secretId]: value };
    writeFileSync(`${local.file}.tmp`, JSON.stringify(all, null, 2), { mode: 0o600 });
    renameSync(`${local.file}.tmp`, local.file);
    return;
  }
  const { CreateSecretCommand, PutSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const client = traced(new SecretsManagerClient({}));
  try {
    await client.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: value }));
  } catch (e) {
    if ((e as Error).name !== 'ResourceNotFoundException') throw e;
    await client.send(new CreateSecretCommand({ Name: secretId, SecretString: value, Description: description }));
  }
}
