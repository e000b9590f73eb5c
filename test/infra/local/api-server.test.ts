/** The local stand-in for CloudFront + API Gateway answers malformed addresses with 400 JSON, never 500. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '../../../infra/local/api-server';

const root = path.resolve(__dirname, '../../..');
let server: http.Server;
let base = '';
let dist = '';

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'api-server-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  server = createApiServer({ root, webDist: dist });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

describe('malformed %-encoding', () => {
  it.each(['/api/getFiles/%E0%A4%A', '/api/updateUserPolicy/%', '/api/RetailerScraping/%ZZ/x', '/dashboard/%E0%A4%A'])('answers 400 with a JSON message for %s', async (p) => {
    const res = await fetch(base + p);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ message: 'The address is malformed (bad %-encoding).', code: 'BAD_REQUEST' });
  });

  it('still serves well-formed paths: a route (401 without a token) and the app', async () => {
    const api = await fetch(`${base}/api/getFiles/f%2D1`);
    expect(api.status).toBe(401);
    const page = await fetch(`${base}/dashboard/summary`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>app</title>');
  });
});
