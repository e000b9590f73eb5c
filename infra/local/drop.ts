/**
 * `npm run drop -- <file> --retailer <slug> --type product|homepage|brand --date YYYY-MM-DD`
 * `npm run drop -- <file> --brand <slug> --type oh --date YYYY-MM-DD`
 * Puts a file into the running local stack's data bucket exactly where a scraper would, then
 * waits for the ingest to file it in the post office and prints the result.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_CREDENTIALS } from './emulators';
import { DATA_BUCKET, TABLE_NAME } from './stack';

const usage = 'Usage: npm run drop -- <file> --retailer <slug> --type product|homepage|brand [--date YYYY-MM-DD]\n       npm run drop -- <file> --brand <slug> --type oh [--date YYYY-MM-DD]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { retailer: { type: 'string' }, brand: { type: 'string' }, type: { type: 'string' }, date: { type: 'string' }, port: { type: 'string' } },
  });
  const file = positionals[0];
  if (!file) fail(usage);
  if (!existsSync(file)) fail(`No such file: ${file}`);
  const type = (values.type ?? '').toLowerCase();
  if (!['product', 'homepage', 'brand', 'brands', 'oh'].includes(type)) fail(`--type must be product, homepage, brand or oh.\n${usage}`);
  const owner = type === 'oh' ? values.brand : values.retailer;
  if (!owner || !/^[a-z0-9-]+$/.test(owner)) fail(`${type === 'oh' ? '--brand' : '--retailer'} must be a slug like maison-aurelle.\n${usage}`);
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) fail(`--date must be YYYY-MM-DD, got ${date}`);
  const key = `incoming/${type}/${owner}/${date}/${path.basename(file)}`;

  const s3Port = values.port ?? '4568';
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT ?? 'http://127.0.0.1:8100',
    TABLE_NAME,
    DATA_BUCKET,
  });
  const { s3 } = await import('../../functions/lib/clients/s3');
  try {
    await s3.send(new PutObjectCommand({ Bucket: DATA_BUCKET, Key: key, Body: readFileSync(file), ContentType: type === 'oh' || file.endsWith('.csv') ? 'text/csv' : 'application/x-ndjson' }));
  } catch (e) {
    fail(`Could not reach the local S3 on port ${s3Port}: is \`npm start\` running? (${(e as Error).message})`);
  }
  console.log(`Dropped ${file} at s3://${DATA_BUCKET}/${key}`);
  if (type === 'oh') return;

  const { listFiles } = await import('../../functions/files/files.repo');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const found = (await listFiles()).find((f) => f.fileName === key);
    if (found) {
      console.log(`Filed in the post office: ${found.type} file of ${found.retailerName}, ${found.rowCount} rows, flag ${found.flag}, status ${found.approvedStatus}.`);
      if (found.error) console.log(`It cannot be processed: ${found.error}`);
      for (const r of found.flagReasons) console.log(`  - ${r}`);
      console.log(`Comparison: http://localhost:3000/admin/post-office/comparison/${found._id}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  fail('The file was not ingested within 60 s: look at the `npm start` window for errors.');
}

void main();
