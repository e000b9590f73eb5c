/**
 * Following an export job (docs/exports.md "Every export is a job") through GET /exportFile/{jobId}
 * until it is ready or failed, as the web does: every state seen on the way, in order.
 */
import { expect } from 'vitest';
import type { ResponseOf } from '../../shared/routes/responses';
import { callRoute } from './api';

export type ExportJobView = ResponseOf<'getExportJob'>;
export interface JobState {
  status: string;
  done: number;
  total: number | null;
}

export const readExportJob = (jobId: string, token: string) => callRoute('getExportJob', { params: { jobId }, token });

export async function followExportJob(jobId: string, token: string, timeout = 240_000): Promise<{ job: ExportJobView; seen: JobState[] }> {
  const seen: JobState[] = [];
  let job!: ExportJobView;
  await expect
    .poll(
      async () => {
        const res = await readExportJob(jobId, token);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        job = res.body;
        seen.push({ status: job.status, done: job.done, total: job.total });
        return job.status;
      },
      { timeout, interval: 100 },
    )
    .toMatch(/^(ready|failed)$/);
  return { job, seen };
}

/** The states came in order (queued, building, ready), the rows done never went back nor past the total. */
export function expectOrderedProgress(seen: readonly JobState[]): void {
  const order = ['queued', 'building', 'ready'];
  const ranks = seen.map((s) => order.indexOf(s.status));
  expect(ranks.every((r) => r >= 0)).toBe(true);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  for (const s of seen.filter((x) => x.status === 'building' && x.total !== null)) expect(s.done).toBeLessThanOrEqual(s.total!);
  const dones = seen.filter((x) => x.status === 'building').map((x) => x.done);
  expect(dones).toEqual([...dones].sort((a, b) => a - b));
}

/** Follows an app link as a browser does: the 302, then the S3 object. */
export async function download(link: string): Promise<Buffer> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  const file = await fetch(res.headers.get('location')!);
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
}
