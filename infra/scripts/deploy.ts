/**
 * `npm run deploy -- [cdk options]`: the Edge stack (web ACL, us-east-1) first, then the main stack
 * with its ARN as context `webAclArn`, so the distribution is never deployed without the web ACL.
 * Then the backfill of index keys for items written before an index existed (infra/scripts/backfill.ts).
 * Extra arguments (`-c sesFromAddress=...`, `-c stage=...`, `--require-approval never`) go to both.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';

const args = process.argv.slice(2);
const stageArg = args.map((a, i) => (a === '-c' || a === '--context' ? args[i + 1] : a.startsWith('--context=') ? a.slice(10) : undefined)).find((v) => v?.startsWith('stage='));
const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: { stage?: string } };
const stage = stageArg?.slice('stage='.length) ?? cdkJson.context?.stage ?? 'prod';
const main = `RetailerAudit-${stage}`;
const edge = `${main}-Edge`;
const outputs = path.join(REPO_ROOT, 'cdk.out', `${edge}.outputs.json`);
mkdirSync(path.dirname(outputs), { recursive: true });

const cdk = (extra: string[]) => execFileSync('npx', ['cdk', 'deploy', ...extra, ...args], { cwd: REPO_ROOT, stdio: 'inherit' });

cdk([edge, '--exclusively', '--outputs-file', outputs]);
const webAclArn = (JSON.parse(readFileSync(outputs, 'utf8')) as Record<string, Record<string, string>>)[edge]?.WebAclArn;
if (!webAclArn) throw new Error(`${edge} has no WebAclArn output (see ${outputs})`);
const mainOutputs = path.join(REPO_ROOT, 'cdk.out', `${main}.outputs.json`);
cdk([main, '-c', `webAclArn=${webAclArn}`, '--outputs-file', mainOutputs]);
// Items written before an index existed get its keys (idempotent; safe beside live traffic).
const tableName = (JSON.parse(readFileSync(mainOutputs, 'utf8')) as Record<string, Record<string, string>>)[main]?.TableName;
if (!tableName) throw new Error(`${main} has no TableName output (see ${mainOutputs})`);
execFileSync('npx', ['tsx', path.join(REPO_ROOT, 'infra', 'scripts', 'backfill.ts'), tableName, main], { cwd: REPO_ROOT, stdio: 'inherit' });
