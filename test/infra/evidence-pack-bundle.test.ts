/**
 * The evidence pack's PDF (issue 24 §2) made by the bundle a Lambda runs: the builder bundled
 * with the functions' esbuild options (`esbuildOptionsOf`, what CDK deploys), run by a fresh node
 * process from a folder outside the repository (no node_modules to fall back on, no font file to
 * read), makes a PDF that reads back with its pages and text. And the pack route's own bundle holds
 * pdf-lib and its standard fonts' metrics, nothing of it left external.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/config';
import { esbuildOptionsOf } from '../../infra/constructs/api-function';
import { pageText, pdfPages } from '../support/pdf-text';

const dir = mkdtempSync(path.join(tmpdir(), 'evidence-pack-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PROBE = `
import { buildEvidencePack } from ${JSON.stringify(path.join(REPO_ROOT, 'functions/cases/domain/evidence-pack.ts'))};
import { solidPng } from ${JSON.stringify(path.join(REPO_ROOT, 'test/support/png.ts'))};
const evidence = { scanDate: '2026-11-02', periodId: 'p', reasons: [{ name: 'Price', value: 'Wrong price' }], message: 'Below the list price.', scraped: { name: 'Aurora Ring', style_number: 'AR-1', price: 700, URL: 'https://shop.example/ar-1', image: '', screenshot: '', brand_sku: '' }, onHand: { serialNo: 'SN1', styleName: 'Aurora Ring', price: 1000 }, gap: { amount: -300, percent: -30 } };
const record = { _id: 'c1', kind: 'product', style_number: 'AR-1', name: 'Aurora Ring', status: 'open', severity: 'high', openedAt: '2026-11-02T10:00:00.000Z', notifiedAt: null, repeats: 0, evidence };
export const handler = async () => {
  const bytes = await buildEvidencePack({ brandName: 'Maison Aurelle', retailerName: 'Lumière Boutique', generatedAt: '2026-11-20T09:00:00.000Z', bySeverity: { high: 1, medium: 0, low: 0 }, byStatus: { open: 1, notified: 0, acknowledged: 0 }, cases: [{ record, pictures: [{ which: 'image', bytes: solidPng(20, 20) }] }] });
  return Buffer.from(bytes).toString('base64');
};
`;

describe('the evidence pack in a Lambda bundle', () => {
  it('is made by the bundled builder in a process that can reach no node_modules', async () => {
    const entry = path.join(dir, 'probe.ts');
    writeFileSync(entry, PROBE);
    const out = path.join(dir, 'index.js');
    await build({ ...esbuildOptionsOf(), entryPoints: [entry], outfile: out, logLevel: 'error', absWorkingDir: REPO_ROOT });
    const run = spawnSync(process.execPath, ['--enable-source-maps', '-e', `require(${JSON.stringify(out)}).handler().then((b) => process.stdout.write(b))`], { cwd: dir, env: { PATH: process.env.PATH }, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const pdf = await pdfPages(Buffer.from(run.stdout, 'base64'));
    expect(pdf.count).toBe(2);
    expect(pageText(pdf.lines[0]!)).toContain('Lumière Boutique');
    expect(pageText(pdf.lines[1]!)).toContain('-$300.00 (-30%)');
    expect(pdf.images[1]).toBe(1);
  }, 120_000);

  it("the pack route's bundle holds pdf-lib and the standard fonts' metrics (none external)", async () => {
    const result = await build({ ...esbuildOptionsOf(), entryPoints: [path.join(REPO_ROOT, 'functions/cases/get-evidence-pack.ts')], outdir: path.join(dir, 'route'), write: false, metafile: true, logLevel: 'error', absWorkingDir: REPO_ROOT });
    const inputs = Object.keys(Object.values(result.metafile.outputs).find((o) => o.entryPoint)!.inputs);
    expect(inputs.some((i) => i.includes('node_modules/pdf-lib/'))).toBe(true);
    expect(inputs.some((i) => i.includes('node_modules/@pdf-lib/standard-fonts/'))).toBe(true);
    const imports = Object.values(result.metafile.inputs).flatMap((i) => i.imports.filter((x) => x.external).map((x) => x.path));
    expect(imports.filter((p) => p.includes('pdf'))).toEqual([]);
    // No font file to read at run time: the bundle names none (pdfkit's would name its .afm files).
    const js = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
    expect(js).not.toMatch(/\.(afm|ttf|otf)["']/);
  }, 120_000);
});
