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
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_FUNCTION_DEFAULTS, ApiFunction, HEAP_WRAPPER, LAMBDA_UNUSED_CREDENTIAL_PROVIDERS, POWERTOOLS_EXTERNALS, POWERTOOLS_VERSION, esbuildOptionsOf } from '../../infra/constructs/api-function';
import { REPO_ROOT } from '../../infra/config';
import { Email } from '../../infra/constructs/email';
import { INGEST_GRANTS } from '../../infra/constructs/pipeline';
import { RECORDER_GRANTS } from '../../infra/constructs/operations';
import { Storage } from '../../infra/constructs/storage';
import { APPROVAL_TASKS } from '../../infra/workflow/approval';
import { REPORT_TASKS } from '../../infra/workflow/reports';
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
      external: [...LAMBDA_UNUSED_CREDENTIAL_PROVIDERS, ...POWERTOOLS_EXTERNALS],
    });
  });

  it('bundle the AWS SDK except the credential providers after the environment one, and leave Powertools to its layer', () => {
    expect(API_FUNCTION_DEFAULTS.bundling.externalModules).toEqual([...LAMBDA_UNUSED_CREDENTIAL_PROVIDERS, ...POWERTOOLS_EXTERNALS]);
    for (const m of LAMBDA_UNUSED_CREDENTIAL_PROVIDERS) {
      expect(m).toMatch(/^@(aws-sdk|smithy)\/credential-provider-(sso|ini|process|web-identity|http|imds)$/);
    }
  });

  it("give every function AWS's Powertools layer of the very version the code is tested with", () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const pinned = Object.entries(pkg.dependencies).filter(([name]) => name.startsWith('@aws-lambda-powertools/'));
    expect(pinned.length).toBeGreaterThanOrEqual(3);
    for (const [name, version] of pinned) expect(version, name).toBe(POWERTOOLS_VERSION);
    for (const name of ['tracer', 'metrics', 'commons']) {
      const installed = JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/@aws-lambda-powertools', name, 'package.json'), 'utf8')) as { version: string };
      expect(installed.version, name).toBe(POWERTOOLS_VERSION);
    }
    const app = new App({ outdir: tmp(), context: { 'aws:cdk:bundling-stacks': [] } });
    const s = new Stack(app, 'LayerProbe');
    const storage = new Storage(s, 'Storage');
    const resources = { table: storage.table, dataBucket: storage.dataBucket, email: new Email(s, 'Email', { fromAddress: 'a@b.test' }), appUrl: 'https://x.test', jwtSecret: new Secret(s, 'S') };
    new ApiFunction(s, 'One', { handler: 'functions/settings/get.ts', resources });
    new ApiFunction(s, 'Two', { handler: 'functions/settings/update.ts', resources });
    const template = app.synth().getStackByName('LayerProbe').template as { Resources: Record<string, { Type: string; Properties: { Layers?: unknown[] } }> };
    const fns = Object.values(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    expect(fns).toHaveLength(2);
    for (const f of fns) expect(f.Properties.Layers).toEqual([`{{resolve:ssm:/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}}}`]);
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

  it('put the exec wrapper, executable, beside the handler of a function given a semi-space size', () => {
    const outdir = tmp();
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': ['**'] } });
    const s = new Stack(app, 'WrapperProbe');
    const storage = new Storage(s, 'Storage');
    const resources = { table: storage.table, dataBucket: storage.dataBucket, email: new Email(s, 'Email', { fromAddress: 'a@b.test' }), appUrl: 'https://x.test', jwtSecret: new Secret(s, 'S') };
    new ApiFunction(s, 'Wrapped', { handler: 'functions/files/workflow/load-file.ts', resources, semiSpaceMb: 16 });
    new ApiFunction(s, 'Plain', { handler: 'functions/settings/get.ts', resources });
    const assembly = app.synth();
    const assets = readdirSync(assembly.directory).filter((d) => d.startsWith('asset.') && existsSync(path.join(assembly.directory, d, 'index.js')));
    expect(assets).toHaveLength(2);
    const wrappers = assets.map((d) => path.join(assembly.directory, d, path.basename(HEAP_WRAPPER.deployed))).filter((f) => existsSync(f));
    expect(wrappers).toHaveLength(1);
    // CDK zips each file with its mode: Lambda can only exec the wrapper if it is executable.
    expect(statSync(wrappers[0]!).mode & 0o111).toBe(0o111);
    expect(readFileSync(wrappers[0]!, 'utf8')).toBe(readFileSync(path.join(REPO_ROOT, HEAP_WRAPPER.source), 'utf8'));
  });
});

/** Every Lambda of the stack: the route table's handlers and the pipeline's functions, with their grants. */
const functions: { handler: string; grants: readonly Grant[]; multipart: boolean }[] = [
  ...routes.map((r) => ({ handler: r.handler as string, grants: r.grants as readonly Grant[], multipart: 'multipart' in r && r.multipart === true })),
  { handler: 'functions/files/ingest.ts', grants: INGEST_GRANTS, multipart: false },
  { handler: 'functions/operations/record-failures.ts', grants: RECORDER_GRANTS, multipart: false },
  ...APPROVAL_TASKS.map((t) => ({ handler: t.handler, grants: t.grants, multipart: false })),
  ...REPORT_TASKS.map((t) => ({ handler: t.handler, grants: t.grants, multipart: false })),
];

/** The npm package a bundled input belongs to (`node_modules/<pkg>/...`), if any. */
const packageOf = (input: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];

/**
 * The npm packages each function's bundle is made of (esbuild's metafile: the inputs that reach
 * the output), all bundled in one esbuild call (the options of every function, shared parsing);
 * and those of them evaluated when the module loads: reached from the handler through static
 * imports and requires. A dynamic `import()` is bundled too, but esbuild's CJS output evaluates
 * its module (and what only it imports) on the call.
 */
async function bundledPackages(handlers: string[]): Promise<Map<string, { all: Set<string>; atLoad: Set<string> }>> {
  const entryPoints = handlers.map((h) => path.join(REPO_ROOT, h));
  const out = await build({ ...esbuildOptionsOf(), entryPoints, outdir: tmp(), outbase: REPO_ROOT, write: false, metafile: true, logLevel: 'error', absWorkingDir: REPO_ROOT });
  const byHandler = new Map<string, { all: Set<string>; atLoad: Set<string> }>();
  for (const o of Object.values(out.metafile.outputs)) {
    if (!o.entryPoint) continue;
    const inOutput = (input: string) => (o.inputs[input]?.bytesInOutput ?? 0) > 0;
    const all = new Set(Object.keys(o.inputs).filter(inOutput).flatMap((i) => packageOf(i) ?? []));
    const loaded = new Set<string>();
    const next = [o.entryPoint];
    while (next.length > 0) {
      const input = next.pop()!;
      // Through files left out of the output too: a package's index.js only re-exports.
      if (loaded.has(input)) continue;
      loaded.add(input);
      for (const i of out.metafile.inputs[input]?.imports ?? []) if (i.kind !== 'dynamic-import' && !i.external) next.push(i.path);
    }
    const atLoad = new Set([...loaded].filter(inOutput).flatMap((i) => packageOf(i) ?? []));
    byHandler.set(path.relative(REPO_ROOT, path.resolve(REPO_ROOT, o.entryPoint)), { all, atLoad });
  }
  return byHandler;
}

/** A package that only functions granted some access may bundle. */
const GATED: { pkg: string; allowed: (f: (typeof functions)[number]) => boolean; why: string }[] = [
  { pkg: '@aws-sdk/client-s3', allowed: (f) => f.grants.includes('data:read') || f.grants.includes('data:write'), why: 'no data:read/data:write grant' },
  { pkg: '@aws-sdk/client-sesv2', allowed: (f) => f.grants.includes('email:send'), why: 'no email:send grant' },
  { pkg: '@aws-sdk/client-sfn', allowed: (f) => f.grants.includes('workflow:start') || f.grants.includes('async:redrive') || f.grants.includes('checks:start'), why: 'no workflow:start, checks:start or async:redrive grant' },
  { pkg: '@aws-sdk/client-lambda', allowed: (f) => f.grants.includes('async:redrive'), why: 'no async:redrive grant' },
  { pkg: 'busboy', allowed: (f) => f.multipart, why: 'not a multipart route' },
  { pkg: '@middy/http-multipart-body-parser', allowed: (f) => f.multipart, why: 'not a multipart route' },
];

describe('what each Lambda bundles', () => {
  const unique = [...new Map(functions.map((x) => [x.handler, x])).values()];
  // One esbuild call for both checks below (about a minute alone, several on a loaded machine).
  let bundles$: Promise<Map<string, { all: Set<string>; atLoad: Set<string> }>>;
  beforeAll(() => {
    bundles$ = bundledPackages(unique.map((f) => f.handler));
    bundles$.catch(() => undefined); // awaited (and reported) by the tests
  });

  it('every function is checked, the table-only ones among them', () => {
    expect(functions.length).toBeGreaterThan(30);
    expect(functions.filter((f) => f.grants.every((g) => g.startsWith('table:'))).length).toBeGreaterThan(20);
  });

  it('holds the S3, SES and Step Functions clients only where its grants allow them, the multipart parser only in multipart routes', async () => {
    const unexpected: string[] = [];
    const seen = new Set<string>();
    const bundles = await bundles$;
    expect([...bundles.keys()].sort()).toEqual(unique.map((f) => f.handler).sort());
    for (const f of unique) {
      const packages = bundles.get(f.handler)?.all ?? new Set<string>();
      expect(packages.has('@aws-sdk/client-dynamodb'), `${f.handler} bundles the DynamoDB client`).toBe(true);
      for (const g of GATED) {
        if (!packages.has(g.pkg)) continue;
        seen.add(g.pkg);
        if (!g.allowed(f)) unexpected.push(`${f.handler} bundles ${g.pkg} (${g.why})`);
      }
    }
    expect(unexpected).toEqual([]);
    // The check can see each client: the functions granted them do bundle them (and the multipart route, POST /contact_retailer, its parser).
    expect([...seen].sort()).toEqual(['@aws-sdk/client-lambda', '@aws-sdk/client-s3', '@aws-sdk/client-sesv2', '@aws-sdk/client-sfn', '@middy/http-multipart-body-parser']);
  }, 300_000); // esbuild of every handler (40+): about a minute alone, several on a loaded machine

  it('holds neither Powertools nor the X-Ray SDK (the layer provides them)', async () => {
    const bundles = await bundles$;
    const held = [...bundles].flatMap(([handler, b]) => [...b.all].filter((p) => p.startsWith('@aws-lambda-powertools/') || p === 'aws-xray-sdk-core' || p === 'cls-hooked').map((p) => `${handler}: ${p}`));
    expect(held).toEqual([]);
  }, 300_000);

  it('evaluates at module load no client or library a call may not need: S3, SES, Step Functions in no table-only function; Secrets Manager, exceljs, sanitize-html, nodemailer in no API function', async () => {
    const bundles = await bundles$;
    const isCrud = (f: (typeof functions)[number]) => f.grants.every((g) => g.startsWith('table:'));
    const isApi = (f: (typeof functions)[number]) => routes.some((r) => r.handler === f.handler);
    const LAZY: { pkg: string; applies: (f: (typeof functions)[number]) => boolean }[] = [
      // Table-only functions (CRUD): not even on first use (the bundle check above), nor at load.
      { pkg: '@aws-sdk/client-s3', applies: isCrud },
      { pkg: '@aws-sdk/client-sesv2', applies: isCrud },
      { pkg: '@aws-sdk/client-sfn', applies: isCrud },
      // Every API function: loaded where used (functions/lib/secrets.ts; exports/xlsx.ts; the contact form's send).
      { pkg: '@aws-sdk/client-secrets-manager', applies: isApi },
      { pkg: 'exceljs', applies: isApi },
      { pkg: 'sanitize-html', applies: isApi },
      { pkg: 'nodemailer', applies: isApi },
    ];
    const atLoad: string[] = [];
    const lazySeen = new Set<string>();
    for (const f of unique) {
      const b = bundles.get(f.handler)!;
      for (const l of LAZY) {
        if (!l.applies(f)) continue;
        if (b.atLoad.has(l.pkg)) atLoad.push(`${f.handler} evaluates ${l.pkg} at module load`);
        else if (b.all.has(l.pkg)) lazySeen.add(l.pkg);
      }
    }
    expect(atLoad).toEqual([]);
    // The walk tells a lazy import from a static one: these are bundled, loaded on first use.
    expect([...lazySeen].sort()).toEqual(['@aws-sdk/client-secrets-manager', 'exceljs', 'nodemailer', 'sanitize-html']);
    // A CRUD handler evaluates the DynamoDB client at load (it is what it uses), and the walk sees it.
    expect(bundles.get('functions/files/list.ts')?.atLoad.has('@aws-sdk/client-dynamodb')).toBe(true);
  }, 300_000);
});
