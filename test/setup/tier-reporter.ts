/**
 * Prints, at the end of a vitest run, the time each tier took: per project (unit, web, stack) the
 * summed time of its files and how many there are, the local stack's start (test/setup/stack.ts
 * sets STACK_START_MS), and the run's wall time. With TIER_TIMES_FILE set (test/run.ts), also
 * writes them there as JSON so the runner can print them beside the type-check and lint.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export interface TierTime {
  tier: string;
  seconds: number;
  files?: number;
}

export default class TierReporter implements Reporter {
  private started = performance.now();

  onTestRunStart(): void {
    this.started = performance.now();
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    const byProject = new Map<string, { ms: number; files: number }>();
    for (const m of modules) {
      const t = byProject.get(m.project.name) ?? { ms: 0, files: 0 };
      t.ms += m.diagnostic().duration;
      t.files++;
      byProject.set(m.project.name, t);
    }
    const tiers: TierTime[] = [...byProject].map(([tier, t]) => ({ tier, seconds: t.ms / 1000, files: t.files }));
    const stackStart = Number(process.env.STACK_START_MS);
    if (stackStart > 0) tiers.push({ tier: 'stack start', seconds: stackStart / 1000 });
    tiers.push({ tier: 'vitest wall', seconds: (performance.now() - this.started) / 1000 });
    console.log(`\nTier times: ${tiers.map(describeTier).join(', ')}`);
    if (process.env.TIER_TIMES_FILE) writeFileSync(process.env.TIER_TIMES_FILE, JSON.stringify(tiers));
  }
}

export const describeTier = (t: TierTime): string => `${t.tier} ${t.seconds.toFixed(0)} s${t.files ? ` (${t.files} files)` : ''}`;
