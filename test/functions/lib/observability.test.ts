/**
 * Logs and metrics (docs/operations.md): the functions' logger is Powertools' (JSON lines with
 * level, message, timestamp, service, and the invocation's keys: route and request id, then the
 * caller's user and brand), and the work done is written as CloudWatch embedded-metric lines in the
 * RetailerAudit namespace, one per figure, with the dimensions the operations dashboard reads.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let lines: string[] = [];
beforeEach(() => {
  lines = [];
  const capture = (chunk: unknown) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture as never);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture as never);
});
afterEach(() => vi.restoreAllMocks());
const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, any>);

describe('the logger', () => {
  it('writes JSON with the invocation keys; a new invocation replaces them; errors keep name, message and stack', async () => {
    const { logger } = await import('../../../functions/lib/logger');
    logger.setContext({ route: 'listFiles', requestId: 'req-1' });
    logger.addContext({ user: 'u-1', brand: 'brand-1' });
    logger.info('request', { status: 200 });
    logger.setContext({ fn: 'ingest', key: 'incoming/product/x/2026-11-23/robot.csv' });
    logger.error('ingest failed', { error: new TypeError('bad row') });
    const [a, b] = parsed();
    expect(a).toMatchObject({ level: 'INFO', message: 'request', service: 'retailer-audit', route: 'listFiles', requestId: 'req-1', user: 'u-1', brand: 'brand-1', status: 200 });
    expect(typeof a!.timestamp).toBe('string');
    expect(b).toMatchObject({ level: 'ERROR', message: 'ingest failed', fn: 'ingest', error: { name: 'TypeError', message: 'bad row' } });
    expect(b!.error.stack).toContain('TypeError: bad row');
    expect(b).not.toHaveProperty('route');
    expect(b).not.toHaveProperty('user');
  });
});

describe('the metrics', () => {
  it('write one EMF line per figure in the RetailerAudit namespace, with the service and the figure\'s own dimensions', async () => {
    const { record } = await import('../../../functions/lib/metrics');
    record('FilesIngested', 1, { flag: 'caution' });
    record('ExportRows', 50_000);
    const [ingested, rows] = parsed();
    expect(ingested!._aws.CloudWatchMetrics).toEqual([{ Namespace: 'RetailerAudit', Dimensions: [['service', 'flag']], Metrics: [{ Name: 'FilesIngested', Unit: 'Count' }] }]);
    expect(ingested).toMatchObject({ service: 'retailer-audit', flag: 'caution', FilesIngested: 1 });
    expect(rows!._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service']]);
    expect(rows).toMatchObject({ ExportRows: 50_000 });
  });
});
