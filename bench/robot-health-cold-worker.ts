/**
 * The daily robot check on a cold Lambda (bench/robot-health-bench.ts): a new process, nothing
 * cached, the reports job's BrandReport handler (functions/reports/jobs/brand-report.ts, the one
 * the `robot-health` schedule invokes) bundled as the Lambda is, called once for the day. Counts
 * the DynamoDB requests it sends and the items they read (DynamoDB Local reports no consumed
 * capacity: a Query counts its ScannedCount, a GetItem its item, a BatchGetItem its items).
 * Also the time spent waiting on each kind of request, summed (requests run 8 at a time while the
 * robots are checked, one at a time while the alerts go), and the emails sent through SES.
 * And its phases, told apart by their requests: the reads (gsi1 ROBOTS, gsi3 pending files), the
 * robots' changes (until the open problems are read, gsi1 ROBOTPROBLEMS), the alerts (to the end).
 * Prints one JSON line: { ms, phases, result, requests, requestMs, itemsRead, emails, emailMs, rssMb }.
 *
 *   TABLE_NAME=… node robot-health-cold-worker.cjs <YYYY-MM-DD>
 */
import { ALL_ROBOTS } from '../functions/reports/jobs/plan';
import { handler } from '../functions/reports/jobs/brand-report';
import { dynamo } from '../functions/lib/clients/dynamodb';
import { ses } from '../functions/lib/clients/ses';

interface Counted {
  Count?: number;
  ScannedCount?: number;
  Item?: unknown;
  Responses?: Record<string, unknown[]>;
}

async function main(): Promise<void> {
  const [day = ''] = process.argv.slice(2);
  const requests: Record<string, number> = {};
  const requestMs: Record<string, number> = {};
  let itemsRead = 0;
  let emails = 0;
  let emailMs = 0;
  let readsEnd = 0;
  let problemsAt = 0;
  // The partition a Query reads, marshalled or not.
  const partitionOf = (input: unknown) => {
    const v = (input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues?.[':pk'];
    return typeof v === 'string' ? v : typeof v === 'object' && v && 'S' in v ? String((v as { S: unknown }).S) : '';
  };
  // The document client shares this stack: every request of the check passes here.
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      const t = performance.now();
      const pk = context.commandName === 'QueryCommand' ? partitionOf(args.input) : '';
      if (pk === 'ROBOTPROBLEMS' && !problemsAt) problemsAt = t;
      const out = await next(args);
      if (pk === 'ROBOTS' || pk.startsWith('FILES#pending#')) readsEnd = Math.max(readsEnd, performance.now());
      const name = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      requests[name] = (requests[name] ?? 0) + 1;
      requestMs[name] = (requestMs[name] ?? 0) + performance.now() - t;
      const o = out.output as Counted;
      if (typeof o.ScannedCount === 'number') itemsRead += o.ScannedCount;
      else if (o.Item) itemsRead += 1;
      else if (o.Responses) for (const items of Object.values(o.Responses)) itemsRead += items.length;
      return out;
    },
    { step: 'initialize', name: 'robotHealthBenchCount' },
  );
  ses.middlewareStack.add(
    (next) => async (args) => {
      const t = performance.now();
      const out = await next(args);
      emails++;
      emailMs += performance.now() - t;
      return out;
    },
    { step: 'initialize', name: 'robotHealthBenchEmails' },
  );
  const t = performance.now();
  const run = await handler({ job: 'robot-health', period: day, brand: ALL_ROBOTS });
  const end = performance.now();
  const ms = end - t;
  const phases = { readsMs: readsEnd - t, robotsMs: problemsAt - readsEnd, alertsMs: end - problemsAt };
  process.stdout.write(JSON.stringify({ ms, phases, result: run.robots, requests, requestMs, itemsRead, emails, emailMs, rssMb: process.memoryUsage().rss / 1048576 }) + '\n');
  process.exit(0);
}

void main();
