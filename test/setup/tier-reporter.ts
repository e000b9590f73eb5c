/**
 * Prints, at the end of a vitest run, the time each tier took: per project (unit, web, stack) the
 * wall time from its first file's start to its last one's end, how many files, and their summed
 * time when they ran side by side, the local stack's start (test/setup/stack.ts
 * sets STACK_START_MS), and the run's wall time. With TIER_TIMES_FILE set (test/run.ts), also
 * writes them there as JSON so the runner can print them beside the type-check and lint.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export interface TierTime {
  tier: string;
  /** Wall time (for a project: from its first file's start to its last file's end). */
  seconds: number;
  files?: number;
  /** A project's files' times added up (more than `seconds` when files ran side by side). */
  inFiles?: number;
}

export default class TierReporter implements Reporter {
  private started = performance.now();
  /** Per project: when its first file started and its last ended (files of a project may run side by side). */
  private spans = new Map<string, { from: number; to: number }>();

  onTestRunStart(): void {
    this.started = performance.now();
  }

  onTestModuleStart(m: TestModule): void {
    const span = this.spans.get(m.project.name);
    const now = performance.now();
    if (!span) this.spans.set(m.project.name, { from: now, to: now });
  }

  onTestModuleEnd(m: TestModule): void {
    const span = this.spans.get(m.project.name);
    if (span) span.to = performance.now();
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    const byProject = new Map<string, { ms: number; files: number }>();
    for (const m of modules) {
      const t = byProject.get(m.project.name) ?? { ms: 0, files: 0 };
      t.ms += m.diagnostic().duration;
      t.files++;
      byProject.set(m.project.name, t);
    }
    const tiers: TierTime[] = [...byProject].map(([tier, t]) => {
      const span = this.spans.get(tier);
      return { tier, seconds: span ? (span.to - span.from) / 1000 : t.ms / 1000, files: t.files, inFiles: t.ms / 1000 };
    });
    const stackStart = Number(process.env.STACK_START_MS);
    if (stackStart > 0) tiers.push({ tier: 'stack start', seconds: stackStart / 1000 });
    tiers.push({ tier: 'vitest wall', seconds: (performance.now() - this.started) / 1000 });
    console.log(`\nTier times: ${tiers.map(describeTier).join(', ')}`);
    if (process.env.TIER_TIMES_FILE) writeFileSync(process.env.TIER_TIMES_FILE, JSON.stringify(tiers));
  }
}

export const describeTier = (t: TierTime): string =>
  `${t.tier} ${t.seconds.toFixed(0)} s${t.files ? ` (${t.files} files${t.inFiles !== undefined && t.inFiles > t.seconds * 1.05 ? `, ${t.inFiles.toFixed(0)} s in files side by side` : ''})` : ''}`;
