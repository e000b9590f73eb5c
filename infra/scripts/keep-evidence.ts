/**
 * `npm run keep-evidence -- --brand <brand id> [--retailer <retailer id>]...`: keeps the pictures of
 * the cases whose copy failed when they opened (issue 24 §2; functions/cases/evidence-pictures.ts
 * logs "The evidence pictures of a case could not be kept"): every case of the brand's retailers
 * (or those given), active or resolved within the last 180 days, with a stored picture and no kept
 * copy, copied to `evidence/` now. Idempotent: a case kept already is skipped, a copy goes to the
 * same key again.
 *  - Locally (default): against the running `npm start` stack (`.data/local-env.json`; a test
 *    passes its own file in LOCAL_STACK_ENV).
 *  - In AWS: `--stage <stage>` (the table and the data bucket from
 *    `cdk.out/RetailerAudit-<stage>.outputs.json`, which `npm run deploy` writes), with your AWS
 *    credentials (they need GetObject and PutObject on the data bucket, and the table).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LOCAL_ENV_FILE } from '../local/stack';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const usage = `Usage: npm run keep-evidence -- --brand <brand id> [--retailer <retailer id>]...                    (the local stack of npm start)
       npm run keep-evidence -- --stage <stage> --brand <brand id> [--retailer <retailer id>]...    (AWS, with your credentials)`;

class UsageError extends Error {}

export interface KeepEvidenceArgs {
  brand: string;
  retailers?: string[];
  stage?: string;
}

const ID = /^[A-Za-z0-9_.-]{1,100}$/;

export function parseKeepEvidenceArgs(argv: readonly string[]): KeepEvidenceArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { brand: { type: 'string' }, retailer: { type: 'string', multiple: true }, stage: { type: 'string' } } });
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n${usage}`);
  }
  const { brand, retailer, stage } = parsed.values;
  if (!brand || !ID.test(brand)) throw new UsageError(`--brand takes a brand id (letters, digits, '.', '-' and '_').\n${usage}`);
  if (retailer?.some((r) => !ID.test(r))) throw new UsageError(`--retailer takes a retailer id (letters, digits, '.', '-' and '_').\n${usage}`);
  if (stage !== undefined && !/^[a-z][a-z0-9-]{0,19}$/i.test(stage)) throw new UsageError(`--stage must be letters, digits and dashes (got "${stage}").`);
  return { brand, ...(retailer?.length ? { retailers: retailer } : {}), ...(stage ? { stage } : {}) };
}

function localEnv(): Record<string, string> {
  const file = process.env.LOCAL_STACK_ENV ?? path.join(root, '.data', LOCAL_ENV_FILE);
  if (!existsSync(file)) throw new UsageError(`No local stack found (${path.relative(process.cwd(), file)} is missing): start it with \`npm start\` in another terminal, or give --stage for AWS.`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { env: Record<string, string> }).env;
}

function awsEnv(stage: string): Record<string, string> {
  const file = path.join(root, 'cdk.out', `RetailerAudit-${stage}.outputs.json`);
  if (!existsSync(file)) throw new UsageError(`No outputs of RetailerAudit-${stage} (${path.relative(process.cwd(), file)}): run it where \`npm run deploy\` ran.`);
  const outputs = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>)[`RetailerAudit-${stage}`];
  if (!outputs?.TableName || !outputs.DataBucketName) throw new UsageError(`${file} has no TableName or DataBucketName output.`);
  return { TABLE_NAME: outputs.TableName, DATA_BUCKET: outputs.DataBucketName };
}

/** Keeps what is missing at each retailer; prints one line each; answers how many could still not be kept. */
export async function runKeepEvidence(args: KeepEvidenceArgs, print: (line: string) => void = console.log): Promise<number> {
  // Imported only now: the SDK clients read the endpoints at module load.
  const { keepMissingEvidence } = await import('../../functions/cases');
  const { getBrand } = await import('../../functions/brands');
  const brand = await getBrand(args.brand);
  if (!brand) throw new UsageError(`No brand ${args.brand}.`);
  const retailers = args.retailers ?? brand.retailers.map((r) => r.retailer);
  let left = 0;
  for (const retailer of retailers) {
    const n = await keepMissingEvidence(args.brand, retailer);
    left += n.missing - n.kept;
    print(`${retailer}: ${n.missing} case(s) without kept pictures, ${n.kept} kept now${n.missing > n.kept ? `, ${n.missing - n.kept} still not (see the warnings)` : ''}`);
  }
  return left;
}

async function main(): Promise<void> {
  const args = parseKeepEvidenceArgs(process.argv.slice(2));
  Object.assign(process.env, args.stage ? awsEnv(args.stage) : { ...localEnv(), LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  if ((await runKeepEvidence(args)) > 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((e: unknown) => {
    console.error(e instanceof UsageError ? e.message : e);
    process.exit(1);
  });
}
