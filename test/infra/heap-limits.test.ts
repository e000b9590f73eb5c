/**
 * functions/runtime/heap-limits, the exec wrapper Lambda starts a function given `semiSpaceMb`
 * with (AWS_LAMBDA_EXEC_WRAPPER): Lambda runs `<wrapper> <node> <the runtime's arguments>`, the
 * runtime's arguments carrying `--max-semi-space-size` of a twentieth of the memory. Run here the
 * same way, with this machine's node and the arguments Lambda's runtime gives a 1,024 MB function.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEAP_WRAPPER } from '../../infra/constructs/api-function';
import { REPO_ROOT } from '../../infra/config';

const wrapper = path.join(REPO_ROOT, HEAP_WRAPPER.source);
const LAMBDA_ARGS = ['--expose-gc', '--max-http-header-size', '81920', '--max-semi-space-size=51', '--max-old-space-size=922'];

/** node through the wrapper, printing what the script below prints. */
function run(env: Record<string, string>, script: string, args = LAMBDA_ARGS): { execArgv: string[]; newSpaceMb: number } {
  const out = execFileSync(wrapper, [process.execPath, ...args, '-e', script], { env: { PATH: process.env.PATH!, ...env }, encoding: 'utf8' });
  return JSON.parse(out) as { execArgv: string[]; newSpaceMb: number };
}

/**
 * Allocates 3M objects kept a while in batches of 200,000 (a staging's rows between two writes:
 * many survive a scavenge, so V8 grows the young generation as far as it may), then prints
 * node's arguments and the young generation's committed size.
 */
const CHURN = `
  let keep = [];
  for (let i = 0; i < 3e6; i++) { keep.push({ i, s: 'row ' + i }); if (keep.length >= 2e5) keep = []; }
  const young = require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  console.log(JSON.stringify({ execArgv: process.execArgv.filter((a) => a !== '-e' && !a.includes('keep')), newSpaceMb: young.space_size / 1048576 }));`;

describe('the heap-limits exec wrapper', () => {
  it('gives node the semi-space size of LAMBDA_SEMI_SPACE_MB in place of the runtime’s, every other argument kept in order', () => {
    const { execArgv } = run({ LAMBDA_SEMI_SPACE_MB: '16' }, CHURN);
    expect(execArgv).toEqual(['--max-semi-space-size=16', '--expose-gc', '--max-http-header-size', '81920', '--max-old-space-size=922']);
  });

  it('keeps the young generation of a long churn under 50 MB committed, where the runtime’s 51 MB semi-space lets it pass 100 MB', () => {
    expect(run({ LAMBDA_SEMI_SPACE_MB: '16' }, CHURN).newSpaceMb).toBeLessThan(50);
    expect(run({}, CHURN).newSpaceMb).toBeGreaterThan(100);
  });

  it('drops the runtime’s semi-space size also when given as two arguments', () => {
    const { execArgv } = run({ LAMBDA_SEMI_SPACE_MB: '16' }, CHURN, ['--max-semi-space-size', '51', '--max-old-space-size=922']);
    expect(execArgv).toEqual(['--max-semi-space-size=16', '--max-old-space-size=922']);
  });

  it('changes nothing without LAMBDA_SEMI_SPACE_MB or with a value that is not a whole number of MB', () => {
    for (const env of [{} as Record<string, string>, { LAMBDA_SEMI_SPACE_MB: '' }, { LAMBDA_SEMI_SPACE_MB: '16 --inspect' }, { LAMBDA_SEMI_SPACE_MB: '0' }, { LAMBDA_SEMI_SPACE_MB: '-4' }, { LAMBDA_SEMI_SPACE_MB: '99999' }]) {
      expect(run(env, CHURN).execArgv, JSON.stringify(env)).toEqual(LAMBDA_ARGS);
    }
  });

  it('hands over to node (exec): node’s exit code and output are the function’s', () => {
    const r = spawnSync(wrapper, [process.execPath, ...LAMBDA_ARGS, '-e', 'process.stdout.write("out"); process.exit(7)'], { env: { PATH: process.env.PATH!, LAMBDA_SEMI_SPACE_MB: '16' }, encoding: 'utf8' });
    expect([r.status, r.stdout]).toEqual([7, 'out']);
  });
});
