/**
 * The local stand-in for CloudFront + API Gateway: malformed addresses get 400 JSON, never 500;
 * the site is compressed and cached as CloudFront and the S3 deployment do (test/infra/web.test.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, LAMBDA_EVENT_MAX_BYTES, TOO_LARGE_MESSAGE } from '../../../infra/local/api-server';

const root = path.resolve(__dirname, '../../..');
let server: http.Server;
let base = '';
let dist = '';

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'api-server-'));
  // An index.html over 1,000 bytes (as the built one is), a hashed script and style, a small script.
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>app</title>${'<!-- padding -->'.repeat(80)}`);
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'export const routes = ["login", "register", "admin"];\n'.repeat(100));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.css'), '.po-row { color: #1c1e22; padding: 12px; }\n'.repeat(100));
  writeFileSync(path.join(dist, 'assets', 'env-tiny.js'), 'export const x = 1;\n');
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

/** A GET with Node's http client, which (unlike fetch) neither sends Accept-Encoding nor decodes. */
function get(p: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(base + p, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

describe('compression and cache headers, as CloudFront and the S3 deployment', () => {
  const files = [
    ['/assets/index-abc123.js', 'assets/index-abc123.js', /text\/javascript/],
    ['/assets/index-abc123.css', 'assets/index-abc123.css', /text\/css/],
    ['/login', 'index.html', /text\/html/],
  ] as const;

  it.each(files)('%s: brotli when accepted, else gzip, else as it is (Vary: Accept-Encoding)', async (url, file, type) => {
    const original = readFileSync(path.join(dist, file));
    const br = await get(url, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toMatch(type);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(br.body)).toEqual(original);

    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(original);

    for (const refused of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get(url, refused);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toEqual(original);
    }
  });

  it('does not compress a file under 1,000 bytes (CloudFront does not)', async () => {
    const tiny = await get('/assets/env-tiny.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export const x = 1;\n');
  });

  it('caches hashed assets for a year (immutable) and revalidates index.html and the app routes on every visit', async () => {
    for (const url of ['/assets/index-abc123.js', '/assets/index-abc123.css', '/assets/env-tiny.js']) {
      expect((await get(url, 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/index.html', '/login', '/admin/post-office']) {
      expect((await get(url, 'br')).headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends an API answer as the handler made it (the wrapper compresses large JSON, the server nothing more)', async () => {
    const res = await get('/api/getFiles/f-1', 'br, gzip');
    expect(res.status).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).message).toBeTruthy();
  });
});

describe("Lambda's request cap", () => {
  it('answers 413 without calling the handler when the event (a binary body base64-encoded) passes 6 MB, as API Gateway does', async () => {
    // 4.6 MB of multipart is 6.1 MB once base64-encoded.
    const body = Buffer.alloc(Math.ceil((LAMBDA_EVENT_MAX_BYTES * 3) / 4) + 1024, 0x41);
    const res = await fetch(`${base}/api/contact_retailer?version=1.0.0`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: TOO_LARGE_MESSAGE });
  });
});
