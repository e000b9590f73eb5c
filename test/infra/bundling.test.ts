/**
 * The bundle-size bench (bench/bundles-bench.ts) measures what is deployed: its esbuild options
 * (`esbuildOptionsOf`) are the ones CDK derives from the ApiFunction defaults, checked here by
 * letting CDK really bundle one handler and building the same handler with the bench's options.
 * And the options themselves: minified, source maps, ESM entry points first, node22 CJS, the SDK
 * bundled but for the credential providers a Lambda never reaches.
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
import { Storage } from '../../infra/constructs/storage';

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
