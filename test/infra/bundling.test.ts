/**
 * The bundle-size bench (bench/bundles-bench.ts) measures what is deployed: its esbuild options
 * (`esbuildOptionsOf`) are the ones CDK derives from the ApiFunction defaults, checked here by
 * letting CDK really bundle one handler and building the same handler with the bench's options.
 * And the options themselves: minified, source maps, ESM entry points first, node22 CJS, the SDK
 * bundled but for the credential providers a Lambda never reaches. And what each bundle holds:
 * the SDK client of a service only where the function's grants allow that service, the multipart
 * parser only in multipart routes (a client a function cannot use is dead weight on every cold
 * start, and its presence means a module boundary pulls in more than the handler needs).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { API_FUNCTION_DEFAULTS, ApiFunction, LAMBDA_UNUSED_CREDENTIAL_PROVIDERS, esbuildOptionsOf } from '../../infra/constructs/api-function';
import { REPO_ROOT } from '../../infra/config';
import { Email } from '../../infra/constructs/email';
import { INGEST_GRANTS } from '../../infra/constructs/pipeline';
import { Storage } from '../../infra/constructs/storage';
import { APPROVAL_TASKS } from '../../infra/workflow/approval';
import { routes, type Grant } from '../../shared/routes';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'bundling-test-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('Lambda bundling options', () => {
  it('are minified, with source maps, ESM entry points first, CJS for node22, on the node platform', () => {
    expect(esbuildOptionsOf()).toEqual({
      bundle: true,
      platform: 'node',
      minify: true,
      sourcemap: true,
      sourcesContent: false,
      mainFields: ['module', 'main'],
      target: 'node22',
      format: 'cjs',
      external: [...LAMBDA_UNUSED_CREDENTIAL_PROVIDERS],
    });
  });

  it('bundle the AWS SDK except the credential providers after the environment one', () => {
    expect(API_FUNCTION_DEFAULTS.bundling.externalModules).toEqual([...LAMBDA_UNUSED_CREDENTIAL_PROVIDERS]);
    for (const m of API_FUNCTION_DEFAULTS.bundling.externalModules) {
      expect(m).toMatch(/^@(aws-sdk|smithy)\/credential-provider-(sso|ini|process|web-identity|http|imds)$/);
    }
  });

  it('give the bench the very bundle CDK deploys (same bytes of index.js)', async () => {
    const handler = 'functions/settings/get.ts';
    const outdir = tmp();
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': ['**'] } });
    const s = new Stack(app, 'BundleProbe');
    const storage = new Storage(s, 'Storage');
    const resources = { table: storage.table, dataBucket: storage.dataBucket, email: new Email(s, 'Email', { fromAddress: 'a@b.test' }), appUrl: 'https://x.test', jwtSecret: new Secret(s, 'S') };
    new ApiFunction(s, 'Probe', { handler, resources });
    const assembly = app.synth();
    const cdkJs = readdirSync(assembly.directory)
      .filter((d) => d.startsWith('asset.') && existsSync(path.join(assembly.directory, d, 'index.js')))
      .map((d) => readFileSync(path.join(assembly.directory, d, 'index.js'), 'utf8'));
    expect(cdkJs).toHaveLength(1);

    const ours = path.join(tmp(), 'index.js');
    await build({ ...esbuildOptionsOf(), entryPoints: [path.join(REPO_ROOT, handler)], outfile: ours, logLevel: 'error', absWorkingDir: REPO_ROOT });
    expect(readFileSync(ours, 'utf8')).toBe(cdkJs[0]);
  });
});

/** Every Lambda of the stack: the route table's handlers and the pipeline's functions, with their grants. */
const functions: { handler: string; grants: readonly Grant[]; multipart: boolean }[] = [
  ...routes.map((r) => ({ handler: r.handler as string, grants: r.grants as readonly Grant[], multipart: 'multipart' in r && r.multipart === true })),
  { handler: 'functions/files/ingest.ts', grants: INGEST_GRANTS, multipart: false },
  ...APPROVAL_TASKS.map((t) => ({ handler: t.handler, grants: t.grants, multipart: false })),
];

/**
 * The npm packages each function's bundle is made of (esbuild's metafile: the inputs that reach
 * the output), all bundled in one esbuild call (the options of every function, shared parsing).
 */
async function bundledPackages(handlers: string[]): Promise<Map<string, Set<string>>> {
  const entryPoints = handlers.map((h) => path.join(REPO_ROOT, h));
  const out = await build({ ...esbuildOptionsOf(), entryPoints, outdir: tmp(), outbase: REPO_ROOT, write: false, metafile: true, logLevel: 'error', absWorkingDir: REPO_ROOT });
  const byHandler = new Map<string, Set<string>>();
  for (const o of Object.values(out.metafile.outputs)) {
    if (!o.entryPoint) continue;
    const packages = new Set<string>();
    for (const [input, { bytesInOutput }] of Object.entries(o.inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      if (m?.[1] && bytesInOutput > 0) packages.add(m[1]);
    }
    byHandler.set(path.relative(REPO_ROOT, path.resolve(REPO_ROOT, o.entryPoint)), packages);
  }
  return byHandler;
}

/** A package that only functions granted some access may bundle. */
const GATED: { pkg: string; allowed: (f: (typeof functions)[number]) => boolean; why: string }[] = [
  { pkg: '@aws-sdk/client-s3', allowed: (f) => f.grants.includes('data:read') || f.grants.includes('data:write'), why: 'no data:read/data:write grant' },
  { pkg: '@aws-sdk/client-sesv2', allowed: (f) => f.grants.includes('email:send'), why: 'no email:send grant' },
  { pkg: '@aws-sdk/client-sfn', allowed: (f) => f.grants.includes('workflow:start'), why: 'no workflow:start grant' },
  { pkg: 'busboy', allowed: (f) => f.multipart, why: 'not a multipart route' },
  { pkg: '@middy/http-multipart-body-parser', allowed: (f) => f.multipart, why: 'not a multipart route' },
];

describe('what each Lambda bundles', () => {
  it('every function is checked, the table-only ones among them', () => {
    expect(functions.length).toBeGreaterThan(30);
    expect(functions.filter((f) => f.grants.every((g) => g.startsWith('table:'))).length).toBeGreaterThan(20);
  });

  it('holds the S3, SES and Step Functions clients only where its grants allow them, the multipart parser only in multipart routes', async () => {
    const unexpected: string[] = [];
    const seen = new Set<string>();
    const unique = [...new Map(functions.map((x) => [x.handler, x])).values()];
    const bundles = await bundledPackages(unique.map((f) => f.handler));
    expect([...bundles.keys()].sort()).toEqual(unique.map((f) => f.handler).sort());
    for (const f of unique) {
      const packages = bundles.get(f.handler) ?? new Set<string>();
      expect(packages.has('@aws-sdk/client-dynamodb'), `${f.handler} bundles the DynamoDB client`).toBe(true);
      for (const g of GATED) {
        if (!packages.has(g.pkg)) continue;
        seen.add(g.pkg);
        if (!g.allowed(f)) unexpected.push(`${f.handler} bundles ${g.pkg} (${g.why})`);
      }
    }
    expect(unexpected).toEqual([]);
    // The check can see each client: the functions granted them do bundle them (and the multipart route, POST /contact_retailer, its parser).
    expect([...seen].sort()).toEqual(['@aws-sdk/client-s3', '@aws-sdk/client-sesv2', '@aws-sdk/client-sfn', '@middy/http-multipart-body-parser']);
  }, 300_000); // esbuild of every handler (40+): about a minute alone, several on a loaded machine
});
