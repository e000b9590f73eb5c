/**
 * Local work that may run side by side (issue 37): while the demo seed files its month, each
 * retailer's robot files are ingested, and their approvals run, in their own chain (in order
 * within it), as Lambda and Step Functions run them in AWS; the local machine's one process
 * otherwise runs them one at a time. The lane of the work at hand (an ingest and what it starts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const localLane = new AsyncLocalStorage<string>();

/** Chains keyed by lane: `add(lane, job)` runs after that lane's earlier jobs; `idle()` waits for every lane. */
export function laneChains() {
  const chains = new Map<string, Promise<unknown>>();
  // Jobs added so far: idle once a wait saw no new one (a job may add to any lane).
  let added = 0;
  return {
    add<T>(lane: string, job: () => Promise<T>): Promise<T> {
      const next = (chains.get(lane) ?? Promise.resolve()).then(job);
      chains.set(lane, next.catch(() => undefined));
      added++;
      return next;
    },
    async idle(): Promise<void> {
      for (let seen = -1; seen !== added; ) {
        seen = added;
        await Promise.all(chains.values());
      }
    },
  };
}
