/**
 * The code is tested on the Node.js Lambda runs (issue 23): `npm install` brings it (the `node`
 * dev dependency) and every npm script runs on it, whatever Node.js runs npm itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_FUNCTION_DEFAULTS } from '../../infra/constructs/api-function';
import { REPO_ROOT } from '../../infra/config';

const major = (v: string) => Number(/(\d+)/.exec(v)?.[1]);

describe('Node.js version', () => {
  const lambda = major(API_FUNCTION_DEFAULTS.runtime.name); // nodejs22.x
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };

  it('the tests run on the major version the Lambda functions run on', () => {
    expect(major(process.versions.node)).toBe(lambda);
  });

  it('the node dev dependency, @types/node and .nvmrc name that version', () => {
    expect(major(pkg.devDependencies.node!)).toBe(lambda);
    expect(major(pkg.devDependencies['@types/node']!)).toBe(lambda);
    expect(major(readFileSync(path.join(REPO_ROOT, '.nvmrc'), 'utf8'))).toBe(lambda);
  });
});
