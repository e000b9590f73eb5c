/**
 * axe-core for the e2e screen audits (test/support/browser.ts), served once per run from a
 * loopback address of its own with an immutable cache header: each page load of the app then
 * takes it from Chromium's HTTP cache with its compiled code (V8's code cache), where injecting the
 * 550 KB source into every loaded page parsed and compiled it again each time (about a second of a
 * loaded 2-core machine per page load, a third of a second on an idle one; 45 ms from the cache).
 * The local stack sends no Content-Security-Policy (the deployed CloudFront one is not in play).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

export const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Starts the server; resolves to the script's address and a function that stops it. */
export async function serveAxe(): Promise<{ url: string; close: () => Promise<void> }> {
  const body = readFileSync(AXE_PATH);
  const server = http.createServer((req, res) => {
    if (req.url !== '/axe.min.js') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/javascript; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': '*',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/axe.min.js`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
