/**
 * npm start files the demo month's retailers side by side (issue 37): each retailer's ingests and
 * the approvals they start run in their own chain, in order within it, each on its retailer's
 * pipeline clock; the database is made in memory-backed scratch space and moved into the data
 * folder whole.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onPipelineClock, pipelineNow } from '../../../functions/lib/clock';
import { laneChains, localLane } from '../../../infra/local/lanes';
import { moveInto, seedingScratch } from '../../../infra/local/seeding-scratch';

const tick = () => new Promise((r) => setImmediate(r));

describe('the pipeline clock of one chain of work', () => {
  it('stamps each retailer’s work with its own day while both run at once, through timers and promises; other work keeps the wall clock', async () => {
    const seen: { a: string[]; b: string[] } = { a: [], b: [] };
    const work = (who: 'a' | 'b') => async () => {
      for (let i = 0; i < 3; i++) {
        seen[who].push(pipelineNow().toISOString().slice(0, 10));
        await new Promise((r) => setTimeout(r, 1));
        await tick();
      }
    };
    await Promise.all([onPipelineClock(new Date('2026-11-14T09:00:00Z'), work('a')), onPipelineClock(new Date('2026-11-15T09:47:00Z'), work('b'))]);
    expect(seen).toEqual({ a: ['2026-11-14', '2026-11-14', '2026-11-14'], b: ['2026-11-15', '2026-11-15', '2026-11-15'] });
    expect(Math.abs(pipelineNow().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('a chain inside another runs on its own clock, never ahead of the wall clock; none given keeps the enclosing one', async () => {
    await onPipelineClock(new Date('2026-10-01T00:00:00Z'), async () => {
      expect(pipelineNow().toISOString().slice(0, 10)).toBe('2026-10-01');
      expect(onPipelineClock(new Date('2026-11-20T12:00:00Z'), () => pipelineNow().toISOString().slice(0, 10))).toBe('2026-11-20');
      const ahead = onPipelineClock(new Date(Date.now() + 86_400_000), () => pipelineNow().getTime());
      expect(ahead).toBeLessThanOrEqual(Date.now());
      expect(onPipelineClock(undefined, () => pipelineNow().toISOString().slice(0, 10))).toBe('2026-10-01');
    });
  });
});

describe('lane chains', () => {
  it('keep a lane’s jobs in order, run lanes side by side, and are idle only when every lane and what it added are done', async () => {
    const chains = laneChains();
    const log: string[] = [];
    let releaseA!: () => void;
    const gateA = new Promise<void>((r) => (releaseA = r));
    void chains.add('a', async () => (await gateA, log.push('a1')));
    void chains.add('a', async () => {
      log.push('a2');
      // Work started from inside a job (an approval an ingest starts) is waited for too.
      void chains.add('c', async () => (await tick(), log.push('c1')));
    });
    void chains.add('b', async () => (await tick(), log.push('b1')));
    let idle = false;
    const waiting = chains.idle().then(() => (idle = true));
    for (let i = 0; i < 5; i++) await tick();
    // Lane b did not wait behind lane a's first job.
    expect(log).toEqual(['b1']);
    expect(idle).toBe(false);
    releaseA();
    await waiting;
    expect(log).toEqual(['b1', 'a1', 'a2', 'c1']);
  });

  it('a failed job does not stop its lane', async () => {
    const chains = laneChains();
    const failed = chains.add('a', async () => {
      throw new Error('broken file');
    });
    await expect(failed).rejects.toThrow('broken file');
    await expect(chains.add('a', async () => 'next')).resolves.toBe('next');
    await chains.idle();
  });

  it('the lane of the work at hand is what started it', async () => {
    const lanes: (string | undefined)[] = [];
    await Promise.all(['harrowgate', 'lumiere'].map((l) => localLane.run(l, async () => (await tick(), lanes.push(localLane.getStore())))));
    expect(lanes.sort()).toEqual(['harrowgate', 'lumiere']);
    expect(localLane.getStore()).toBeUndefined();
  });
});

describe('the seeding scratch space', () => {
  it('is made for this process, removes the scratch of ended runs and keeps a live one’s', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'shm-'));
    mkdirSync(path.join(root, 'retailer-audit-seed-999999999'));
    mkdirSync(path.join(root, `retailer-audit-seed-${process.ppid}`));
    mkdirSync(path.join(root, 'someone-else'));
    const dir = seedingScratch(root, 'linux', 4242);
    expect(dir).toBe(path.join(root, 'retailer-audit-seed-4242'));
    expect(readdirSync(root).sort()).toEqual(['retailer-audit-seed-4242', `retailer-audit-seed-${process.ppid}`, 'someone-else'].sort());
  });

  it('is not used where there is no memory-backed space (the database is made in place)', () => {
    expect(seedingScratch('/dev/shm', 'darwin')).toBeUndefined();
    expect(seedingScratch(path.join(os.tmpdir(), 'no-such-folder-here'), 'linux')).toBeUndefined();
  });

  it('moves every database file into the data folder and leaves no scratch or partial file', () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'seed-'));
    const scratch = path.join(base, 'scratch');
    const dir = path.join(base, '.data', 'dynamodb');
    mkdirSync(scratch);
    writeFileSync(path.join(scratch, 'shared-local-instance.db'), 'tables');
    writeFileSync(path.join(scratch, 'shared-local-instance.db-journal'), 'journal');
    moveInto(scratch, dir);
    expect(readdirSync(dir).sort()).toEqual(['shared-local-instance.db', 'shared-local-instance.db-journal']);
    expect(readFileSync(path.join(dir, 'shared-local-instance.db'), 'utf8')).toBe('tables');
    expect(readdirSync(base)).toEqual(['.data']);
  });
});
