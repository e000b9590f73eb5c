/**
 * Lists bench (issue 7 §1): the post-office list, flag counts and notifications read with key
 * conditions and cursors, against today's whole-list reads (the old repo functions, copied
 * below as the peer), on the same data in the same run. DynamoDB Local is started with the
 * project's own helpers (infra/local/emulators.ts, in memory); 20k files (a year at 200
 * retailers: weekly product and homepage files) and 5k notifications are written through the
 * real repo functions (so the counts kept on write are the real ones). Each request calls the
 * handler module (the middy wrapper, session check included) with an admin's token; a client
 * middleware counts the items DynamoDB read and the read units it consumed.
 *
 *   npx tsx bench/lists-bench.ts [--files=20000] [--notifications=5000] [--runs=15]
 *   npm run bench -- --lists-quick     (2,000 files, 500 notifications, 5 runs)
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

interface Args {
  files: number;
  notifications: number;
  runs: number;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { files: 20_000, notifications: 5_000, runs: 15 };
  for (const a of argv) {
    const [flag, value] = a.replace(/^--lists-/, '--').split('=');
    if (flag === '--quick') Object.assign(args, { files: 2_000, notifications: 500, runs: 5 });
    else if (flag === '--files' || flag === '--notifications' || flag === '--runs') args[flag.slice(2) as keyof Args] = Number(value);
    else throw new Error(`unknown argument ${a}; usage: lists-bench.ts [--files=N] [--notifications=N] [--runs=N] [--quick]`);
  }
  return args;
}

type Handler = (event: APIGatewayProxyEventV2, ctx: Context) => Promise<APIGatewayProxyStructuredResultV2>;
interface Reads {
  items: number;
  units: number;
  requests: number;
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function pool<T>(items: T[], n: number, fn: (t: T) => Promise<unknown>): Promise<void> {
  let i = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (i < items.length) await fn(items[i++]!);
  }));
}

export async function runListsBench(argv: readonly string[] = []): Promise<void> {
  const args = parseArgs(argv);
  const { startDynamo, freePort, ensureTable, LOCAL_CREDENTIALS } = await import('../infra/local/emulators.js');
  const dynamo = await startDynamo(await freePort());
  try {
    const tableName = 'lists-bench';
    Object.assign(process.env, {
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      TABLE_NAME: tableName,
      AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      JWT_SECRET: 'lists-bench-secret-lists-bench-secret-0123',
      LOG_LEVEL: 'error',
    });
    await ensureTable(dynamo.client, tableName);
    const { ddb } = await import('../functions/lib/clients/dynamodb.js');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const files = await import('../functions/files/files.repo.js');
    const notifs = await import('../functions/notifications/notifications.repo.js');
    const { signSession } = await import('../functions/lib/jwt.js');
    const peer = await import('./lists-bench-peer.js');
    const { fileIdFor } = await import('../functions/files/ingest.js');

    // Count what every DynamoDB call reads (items evaluated, read units consumed).
    const reads: Reads = { items: 0, units: 0, requests: 0 };
    ddb.middlewareStack.add(
      (next) => async (a) => {
        const input = a.input as Record<string, unknown>;
        if (!('TransactItems' in input) && !('RequestItems' in input)) input.ReturnConsumedCapacity = 'TOTAL';
        const out = await next(a);
        const o = out.output as { Items?: unknown[]; Item?: unknown; ScannedCount?: number; ConsumedCapacity?: { CapacityUnits?: number }; Responses?: Record<string, unknown[]> };
        reads.requests++;
        // BatchGet (the positions, the waiting scans): the items it returned.
        const batch = o.Responses ? Object.values(o.Responses).reduce((n, r) => n + r.length, 0) : undefined;
        reads.items += o.ScannedCount ?? o.Items?.length ?? batch ?? (o.Item ? 1 : 0);
        reads.units += o.ConsumedCapacity?.CapacityUnits ?? 0;
        return out;
      },
      { step: 'initialize', name: 'countReads' },
    );

    // ── Data: a year at 200 retailers, weekly product and homepage files ──
    const t0 = Date.now();
    const retailers = 200;
    const perWeek = retailers * 2;
    const weeks = Math.ceil(args.files / perWeek);
    const records = Array.from({ length: args.files }, (_, i) => {
      const week = Math.floor(i / perWeek);
      const r = `retailer-${String((i % perWeek) >> 1).padStart(3, '0')}`;
      const type = i % 2 ? 'homepage' : 'product';
      const date = new Date(Date.UTC(2025, 0, 6 + 7 * week)).toISOString().slice(0, 10);
      const recent = week >= weeks - 2;
      const flag = (['unflagged', 'caution', 'require_review', 'unflagged'] as const)[i % 4]!;
      const createdAt = new Date(Date.UTC(2025, 0, 6 + 7 * week, 6, 0, i % perWeek)).toISOString();
      return {
        // As the ingest names them (fileIdFor: 'f' and a hash of the key and ETag).
        _id: fileIdFor(`incoming/${type}/${r}/${date}/robot.csv`, String(i)),
        date,
        fileName: `incoming/${type}/${r}/${date}/robot.csv`,
        name: r,
        retailer: r,
        retailerName: r,
        type,
        robot: 'robot',
        approvedStatus: recent ? 'pending' : i % 37 === 0 ? 'rejected' : 'approved',
        flag,
        flagReasons: flag === 'unflagged' ? [] : ['Price changed on 12 % of rows (threshold 10 %)'],
        rowCount: 1200,
        diff: { added: 3, removed: 2, changed: 14, unchanged: 1181 },
        pagesPrefix: `files/file${i}/`,
        pageSize: 1000,
        currentPages: 2,
        previousPages: 2,
        createdAt,
        updatedAt: createdAt,
      } as import('../functions/files/files.repo.js').FileRecord;
    });
    await pool(records, 24, (f) => files.createFileOnce(f));
    await pool(Array.from({ length: args.notifications }, (_, i) => i), 24, (i) =>
      notifs.createNotificationRecord({ subject: `review:retailer-${i % 200} product file needs review`, retailer: `retailer-${i % 200}`, fileId: `file${i}`, message: `<p>Price changed on 12 % of rows of file ${i}.</p>` }, { seenFlag: i % 3 !== 0, id: `notif${String(i).padStart(17, '0')}` }),
    );
    const writeSeconds = (Date.now() - t0) / 1000;
    await ddb.send(new PutCommand({ TableName: tableName, Item: { pk: 'USER#bench', sk: 'USER', entity: 'User', _id: 'bench', name: 'Bench', email: 'bench@x.test', roles: [{ name: 'ADMIN' }], brand: null, associated_retailers: [], status: 'active', sessionVersion: 0 } }));
    const token = await signSession({ sub: 'bench', role: 'ADMIN', brand: null, retailers: [], sv: 0 });
    const event = (query: Record<string, string>): APIGatewayProxyEventV2 => ({
      version: '2.0',
      routeKey: 'bench',
      rawPath: '/bench',
      rawQueryString: new URLSearchParams(query).toString(),
      queryStringParameters: query,
      headers: { authorization: `Bearer ${token}` },
      requestContext: { http: { method: 'GET', sourceIp: '127.0.0.1' } } as never,
      isBase64Encoded: false,
    });

    async function measure(h: Handler, query: Record<string, string>, runs: number) {
      const ms: number[] = [];
      let last: Reads = { items: 0, units: 0, requests: 0 };
      let body: any;
      await h(event(query), {} as Context); // warm
      for (let i = 0; i < runs; i++) {
        const before = { ...reads };
        const s = performance.now();
        const res = await h(event(query), {} as Context);
        ms.push(performance.now() - s);
        if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
        body = JSON.parse(res.body!);
        last = { items: reads.items - before.items, units: reads.units - before.units, requests: reads.requests - before.requests };
      }
      return { p50: quantile(ms, 0.5), p95: quantile(ms, 0.95), ...last, body };
    }

    const list = (await import('../functions/files/list.js')).handler as Handler;
    const flagValues = (await import('../functions/files/flag-values.js')).handler as Handler;
    const notifications = (await import('../functions/notifications/list.js')).handler as Handler;

    // Page 50 by cursor: walk the 49 pages before it as the web does.
    let cursor = '';
    for (let p = 1; p < 50; p++) {
      const res = await list(event({ limit: '25', page: String(p), ...(cursor ? { cursor } : {}) }), {} as Context);
      cursor = JSON.parse(res.body!).nextCursor as string;
    }

    const peerRuns = Math.max(3, Math.ceil(args.runs / 3));
    const scenarios: { name: string; h: Handler; old: Handler; query: Record<string, string>; oldQuery?: Record<string, string>; column?: string }[] = [
      { name: 'post office, first page', h: list, old: peer.oldListFiles, query: { limit: '25' } },
      { name: 'pending, Requires Review', h: list, old: peer.oldListFiles, query: { limit: '25', approvedStatus: 'pending', flag: 'require_review' } },
      { name: 'approved, oldest first', h: list, old: peer.oldListFiles, query: { limit: '25', approvedStatus: 'approved', sort: 'date;asc' } },
      { name: 'one retailer', h: list, old: peer.oldListFiles, query: { limit: '25', name: 'retailer-042' } },
      // Ties on the sorted column may come in another order than the in-memory sort's: compare the column.
      { name: 'sorted by name', h: list, old: peer.oldListFiles, query: { limit: '25', sort: 'name;asc' }, column: 'name' },
      { name: 'pending, sorted by type', h: list, old: peer.oldListFiles, query: { limit: '25', approvedStatus: 'pending', sort: 'type;desc' }, column: 'type' },
      { name: 'page 50 by cursor', h: list, old: peer.oldListFiles, query: { limit: '25', page: '50', cursor }, oldQuery: { limit: '25', page: '50' } },
      { name: 'page 50 by number', h: list, old: peer.oldListFiles, query: { limit: '25', page: '50' } },
      // Issue 21 §1: a page by number reads what page 1 reads (the positions kept on write), for each filter and sort.
      { name: 'page 400 by number', h: list, old: peer.oldListFiles, query: { limit: '25', page: '400' } },
      { name: 'approved, oldest first, page 400', h: list, old: peer.oldListFiles, query: { limit: '25', approvedStatus: 'approved', sort: 'date;asc', page: '400' } },
      { name: 'pending, Requires Review, page 5', h: list, old: peer.oldListFiles, query: { limit: '25', approvedStatus: 'pending', flag: 'require_review', page: '5' } },
      { name: 'sorted by name, page 50', h: list, old: peer.oldListFiles, query: { limit: '25', sort: 'name;asc', page: '50' }, column: 'name' },
      { name: 'sorted by name, page 400', h: list, old: peer.oldListFiles, query: { limit: '25', sort: 'name;asc', page: '400' }, column: 'name' },
      { name: 'approved, by type, page 400', h: list, old: peer.oldListFiles, query: { limit: '25', approvedStatus: 'approved', sort: 'type;desc', page: '400' }, column: 'type' },
      { name: 'one retailer, page 4', h: list, old: peer.oldListFiles, query: { limit: '25', name: 'retailer-042', page: '4' } },
      { name: 'flag values', h: flagValues, old: peer.oldFlagValues, query: {} },
      { name: 'notifications, first page', h: notifications, old: peer.oldNotifications, query: { limit: '10' } },
    ];
    const rows: string[][] = [];
    let worstItems = 0;
    for (const s of scenarios) {
      const now = await measure(s.h, s.query, args.runs);
      const then = await measure(s.old, s.oldQuery ?? s.query, peerRuns);
      const shown = (b: { data?: Record<string, unknown>[] }) => JSON.stringify(s.column ? b.data?.map((r) => r[s.column!]) : (b.data ?? b));
      const same = shown(now.body) === shown(then.body);
      worstItems = Math.max(worstItems, now.items);
      rows.push([s.name, `${now.p50.toFixed(1)} / ${now.p95.toFixed(1)}`, String(now.items), now.units.toFixed(1), `${then.p50.toFixed(0)} / ${then.p95.toFixed(0)}`, String(then.items), then.units.toFixed(1), same ? 'same' : 'DIFFERS']);
    }
    const head = ['request', 'now p50/p95 ms', 'items', 'RCU', 'whole-list p50/p95 ms', 'items', 'RCU', 'answer'];
    const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join('  ');
    console.log(`\nLists bench: ${args.files.toLocaleString('en')} files, ${args.notifications.toLocaleString('en')} notifications in DynamoDB Local (written in ${writeSeconds.toFixed(0)} s); ${args.runs} runs now, ${peerRuns} whole-list`);
    console.log(line(head));
    for (const r of rows) console.log(line(r));
    console.log(`Goal: items read per page independent of the number of files and of the page number: at most ${worstItems} items for a page of 25 here, page 1, 50 or 400 (session check, counts and positions included; 'items' of a page by number counts the position items read).`);
  } finally {
    dynamo.process.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runListsBench(process.argv.slice(2));
