/**
 * Robot health through the real pipeline (issue 25): robot files dropped where a scraper drops them,
 * ingested by the S3 event, and the daily check run for a day (as the `robot-health` job does):
 * - thin: a file far under the robot's recent files opens it; a good file closes it; a retried
 *   event of the thin file changes nothing;
 * - broken: a renamed column, a price column suddenly empty, an unreadable file; a good file closes it;
 * - late: no file past the expected day + grace; one alert email and notification, a reminder
 *   after `reminderDays`, not before; the brand's retailer row says "delayed since"; the admin's
 *   schedule moves the expected day; the next file closes it;
 * - stuck: a file waiting in the post office past `stuckDays`; its decision closes it.
 * The check is scoped to this file's retailers (the daily job checks every robot; other files'
 * robots run beside these).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROBOT_HEALTH_MSG as M } from '../../shared/messages/robot-health';
import { callRoute, errorBody, login, sentEmails, stack } from '../support/api';
import { makeOwnTenant, putObject, waitForFile } from '../support/post-office';

const tag = randomBytes(4).toString('hex');
const tenant = (k: string) => ({
  brand: { _id: `brand-rh${k}-${tag}`, name: `Health House ${k} ${tag}`, slug: `health-house-${k}-${tag}` },
  retailer: { _id: `ret-rh${k}-${tag}`, name: `Robot Store ${k} ${tag}`, optId: `RH${k}${tag}`.toUpperCase(), slug: `robot-store-${k}-${tag}`, website: `https://rh${k}.example` },
});
const THIN = tenant('1');
const BROKEN = tenant('2');
const LATE = tenant('3');
const STUCK = tenant('4');
const HEADER = ['Style Number', 'Name', 'Brand', 'Brand SKU', 'Price', 'Description', 'Image URLs', 'Product URL', 'Screenshot', 'Shoppability', 'OH Map ID'];
let admin = '';
type Health = typeof import('../../functions/robot-health');
let rh: Health;

/** A product file of `n` rows; `header` renames columns, `price` sets every price cell. */
function csv(n: number, opts: { header?: string[]; price?: string } = {}): string {
  const rows = Array.from({ length: n }, (_, i) => [`RH-${i}`, `Piece ${i}`, 'House', `RH-${i}`, opts.price ?? '120.00', 'Piece', `https://img.example/${i}.jpg`, `https://rh.example/${i}`, '', 'In stock', ''].join(','));
  return [(opts.header ?? HEADER).join(','), ...rows].join('\n') + '\n';
}

/** Drop a file and wait until its robot's health item took it (the ingest's first step after the record). */
async function drop(t: typeof THIN, date: string, body: string, robot = 'robot'): Promise<{ _id: string }> {
  const key = `incoming/product/${t.retailer.slug}/${date}/${robot}.csv`;
  await putObject(key, body);
  const f = await waitForFile(admin, key);
  await expect.poll(async () => (await rh.getRobotHealth(t.retailer._id, 'product'))?.lastFile?._id ?? null, { timeout: 20_000 }).toBe(f._id);
  return f;
}

const kinds = async (t: typeof THIN) => (await rh.listRobotProblemsOf(t.retailer._id, 'product')).map((p) => p.kind).sort();

/** The panel's problems of one retailer (GET /robotHealth, every page). */
async function panelProblems(t: typeof THIN) {
  const out: { kind: string; detail: string; since: string; retailer: { _id: string }; file: unknown; lastGoodFile: unknown; robot: string; notifiedAt: string | null }[] = [];
  let cursor: string | undefined;
  do {
    const res = await callRoute('getRobotHealth', { token: admin, query: { limit: '100', ...(cursor ? { cursor } : {}) } });
    expect(res.status).toBe(200);
    out.push(...res.body.data.filter((p) => p.retailer._id === t.retailer._id));
    cursor = res.body.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

async function robotOf(t: typeof THIN) {
  let cursor: string | undefined;
  do {
    const res = await callRoute('listRobots', { token: admin, query: { limit: '100', ...(cursor ? { cursor } : {}) } });
    expect(res.status).toBe(200);
    const found = res.body.data.find((r) => r.retailer._id === t.retailer._id && r.type === 'product');
    if (found) return found;
    cursor = res.body.nextCursor ?? undefined;
  } while (cursor);
  return undefined;
}

const check = (t: typeof THIN, day: string, at = `${day}T06:00:00.000Z`) => rh.checkRobots(day, new Date(at), { retailers: [t.retailer._id] });
const alertsAbout = async (t: typeof THIN) => (await sentEmails()).filter((m) => (m.subject ?? '').includes(t.retailer.name));
const today = () => new Date().toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  for (const t of [THIN, BROKEN, LATE, STUCK]) await makeOwnTenant(t);
  Object.assign(process.env, stack().env);
  rh = await import('../../functions/robot-health');
  admin = await login('admin@demo.test');
  // The post office's alert recipients receive the robot alerts: make sure there is one (the settings are shared by every file of the run).
  for (let attempt = 0; attempt < 5; attempt++) {
    const settings = await callRoute('getThresholdSettings', { token: admin });
    if (settings.body.settings.emailAlerts.length) break;
    const put = await callRoute('updateSettings', { params: { id: 'threshold' }, token: admin, body: { ...settings.body.settings, emailAlerts: ['robots@demo.test'], version: settings.body.version } });
    if (put.status === 200) break;
  }
});

describe('thin', () => {
  it('opens on a file far under the recent ones, survives a retried event, and closes on a good file', async () => {
    await drop(THIN, '2015-02-02', csv(40));
    await drop(THIN, '2015-02-09', csv(40));
    const thinBody = csv(12);
    const thin = await drop(THIN, '2015-02-16', thinBody);
    expect(await kinds(THIN)).toEqual(['thin']);
    const [p] = await panelProblems(THIN);
    expect(p).toMatchObject({ kind: 'thin', detail: 'The file of 02/16/2015 has 12 rows, 30 % of the usual 40.', since: '2015-02-16', robot: 'robot', file: { _id: thin._id, rowCount: 12 }, lastGoodFile: { date: '2015-02-09', rowCount: 40 }, notifiedAt: null });
    expect(await robotOf(THIN)).toMatchObject({ problems: ['thin'], recentRowCounts: [40, 40], lastFile: { _id: thin._id, date: '2015-02-16' }, lastGoodFile: { date: '2015-02-09' }, cadenceDays: 7, cadenceSet: false, expectedBy: '2015-02-23' });

    const good = await drop(THIN, '2015-02-23', csv(39));
    expect(await kinds(THIN)).toEqual([]);
    expect(await panelProblems(THIN)).toEqual([]);
    expect(await robotOf(THIN)).toMatchObject({ problems: [], recentRowCounts: [40, 40, 39], lastGoodFile: { _id: good._id } });

    // The thin file's event delivered again (the same bytes): an older file, already taken: nothing reopens.
    await putObject(`incoming/product/${THIN.retailer.slug}/2015-02-16/robot.csv`, thinBody);
    await drop(THIN, '2015-03-02', csv(41));
    expect(await kinds(THIN)).toEqual([]);
    expect((await rh.getRobotHealth(THIN.retailer._id, 'product'))?.recentRowCounts).toEqual([40, 40, 39, 41]);
  });
});

describe('broken', () => {
  it('opens on a renamed column, stays on an emptied price column and an unreadable file, and closes on a good file', async () => {
    await drop(BROKEN, '2015-02-02', csv(30));
    await drop(BROKEN, '2015-02-09', csv(30, { header: HEADER.map((h) => (h === 'Price' ? 'Cost' : h)) }));
    let [p] = await panelProblems(BROKEN);
    expect(p).toMatchObject({ kind: 'broken', detail: 'The file of 02/09/2015 renamed Price to Cost.', since: '2015-02-09', lastGoodFile: { date: '2015-02-02' } });

    await drop(BROKEN, '2015-02-16', csv(30, { price: '' }));
    [p] = await panelProblems(BROKEN);
    // Still the problem that began on 02/09, now told by the newest file.
    expect(p).toMatchObject({ kind: 'broken', detail: 'In the file of 02/16/2015, Price is suddenly empty.', since: '2015-02-09' });

    await drop(BROKEN, '2015-02-23', 'this is,not a robot file\nat,all\n');
    [p] = await panelProblems(BROKEN);
    expect(p!.detail).toMatch(/^The file of 02\/23\/2015 could not be read: /);
    expect(await kinds(BROKEN)).toEqual(['broken']);

    await drop(BROKEN, '2015-03-02', csv(30));
    expect(await kinds(BROKEN)).toEqual([]);

    // A careless scraper's folder date (2026-99-99): the file is refused in the post office and is no scan of the robot.
    const before = await rh.getRobotHealth(BROKEN.retailer._id, 'product');
    const key = `incoming/product/${BROKEN.retailer.slug}/2026-99-99/robot.csv`;
    await putObject(key, csv(30));
    expect((await waitForFile(admin, key)).error).toBeTruthy();
    await drop(BROKEN, '2015-03-09', csv(30));
    const after = await rh.getRobotHealth(BROKEN.retailer._id, 'product');
    expect(after?.recentRowCounts).toEqual([...before!.recentRowCounts, 30].slice(-8));
    expect(await kinds(BROKEN)).toEqual([]);
  });
});

describe('late', () => {
  it('opens past the expected day + grace, alerts once, reminds after reminderDays, tells the brand, follows the schedule and closes on the next file', async () => {
    const { listBrandRows } = await import('../../functions/scrapings/brand-rows.repo');
    await drop(LATE, '2015-03-02', csv(25));
    // Weekly: expected 03/09; two days of grace: not late on 03/11, late on 03/12.
    expect(await check(LATE, '2015-03-11')).toMatchObject({ opened: 0, open: 0, alerts: 0 });
    expect(await kinds(LATE)).toEqual([]);
    const first = await check(LATE, '2015-03-12');
    expect(first).toMatchObject({ robots: 1, opened: 1, open: 1, alerts: 1, reminders: 0 });
    const [p] = await panelProblems(LATE);
    expect(p).toMatchObject({ kind: 'late', since: '2015-03-09', detail: M.late('03/02/2015', '03/09/2015'), file: null, lastGoodFile: { date: '2015-03-02' } });
    expect(p!.notifiedAt).toBe('2015-03-12T06:00:00.000Z');
    // One alert email, named for the retailer and the problem, and one admin notification.
    await expect.poll(async () => (await alertsAbout(LATE)).map((m) => m.subject)).toEqual([M.alertSubject(LATE.retailer.name, 'late')]);
    const mail = (await alertsAbout(LATE))[0]!;
    expect(mail.body.html).toContain('No file since 03/02/2015; one was expected by 03/09/2015.');
    expect(mail.body.html).toContain('/admin/post-office');
    const notes = await callRoute('listNotifications', { query: { page: '1', limit: '100' }, token: admin });
    expect(notes.body.data.filter((n: { subject: string }) => n.subject.includes(LATE.retailer.name)).map((n: { subject: string }) => n.subject)).toEqual([`robot:${M.notification(LATE.retailer.name, 'product', 'late')}`]);
    // The brand's retailer row: data delayed since the expected day.
    expect((await listBrandRows(LATE.brand._id)).get(LATE.retailer._id)?.delayed).toEqual({ since: '2015-03-09', kind: 'late' });

    // The same day again, and two days on: nothing more sent. Three days after the alert: one reminder.
    expect(await check(LATE, '2015-03-12', '2015-03-12T09:00:00.000Z')).toMatchObject({ opened: 0, alerts: 0, reminders: 0 });
    expect(await check(LATE, '2015-03-14')).toMatchObject({ alerts: 0, reminders: 0 });
    expect(await check(LATE, '2015-03-15')).toMatchObject({ alerts: 0, reminders: 1 });
    expect(await check(LATE, '2015-03-15', '2015-03-15T10:00:00.000Z')).toMatchObject({ reminders: 0 });
    await expect.poll(async () => (await alertsAbout(LATE)).length).toBe(2);
    expect((await alertsAbout(LATE)).map((m) => m.subject)).toContain(M.reminderSubject(LATE.retailer.name, 'late', 6));

    // The admin says this robot runs every 14 days: expected 03/16, so not late on 03/15.
    const saved = await callRoute('updateRobotSchedule', { token: admin, params: { retailerId: LATE.retailer._id, type: 'product' }, body: { cadenceDays: 14 } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: M.scheduleSaved, robot: { cadenceDays: 14, cadenceSet: true, expectedBy: '2015-03-16' } });
    expect(await check(LATE, '2015-03-15', '2015-03-15T11:00:00.000Z')).toMatchObject({ closed: 1, open: 0 });
    expect((await listBrandRows(LATE.brand._id)).get(LATE.retailer._id)?.delayed).toBeUndefined();
    const reset = await callRoute('updateRobotSchedule', { token: admin, params: { retailerId: LATE.retailer._id, type: 'product' }, body: { cadenceDays: null } });
    expect(reset.body).toMatchObject({ message: M.scheduleReset, robot: { cadenceDays: 7, cadenceSet: false } });

    // Late again by the default schedule; the next file closes it at ingest and the brand's row clears.
    expect(await check(LATE, '2015-03-20')).toMatchObject({ opened: 1 });
    expect((await listBrandRows(LATE.brand._id)).get(LATE.retailer._id)?.delayed).toEqual({ since: '2015-03-09', kind: 'late' });
    await drop(LATE, '2015-03-23', csv(25));
    expect(await kinds(LATE)).toEqual([]);
    expect((await listBrandRows(LATE.brand._id)).get(LATE.retailer._id)?.delayed).toBeUndefined();
  });

  it('refuses a schedule that is not 1 to 90 whole days, a robot that never dropped a file and an unknown type', async () => {
    const put = (body: unknown, retailerId = LATE.retailer._id, type = 'product') => callRoute('updateRobotSchedule', { token: admin, params: { retailerId, type } as never, body: body as never });
    for (const cadenceDays of [0, 91, 2.5, '7', -1]) {
      const res = await put({ cadenceDays });
      expect(res.status, JSON.stringify(cadenceDays)).toBe(400);
      expect(errorBody(res).message).toContain(M.cadenceInvalid);
    }
    expect((await put({ cadenceDays: 7, extra: 1 })).status).toBe(400);
    const none = await put({ cadenceDays: 7 }, LATE.retailer._id, 'homepage');
    expect(none.status).toBe(404);
    expect(errorBody(none).message).toBe(M.robotNotFound);
    expect((await put({ cadenceDays: 7 }, LATE.retailer._id, 'video')).status).toBe(400);
  });
});

describe('stuck', () => {
  it('opens on a file waiting past stuckDays, delays the brand, and closes when the file is decided', async () => {
    const { listBrandRows } = await import('../../functions/scrapings/brand-rows.repo');
    const day = today();
    await drop(STUCK, addDays(day, -8), csv(30));
    // Not thin (28 of 30), but a new robot file with changed rows: make it need a person with an unreadable one.
    const held = await drop(STUCK, addDays(day, -1), 'not,a robot file\n1,2\n');
    const f = await waitForFile(admin, `incoming/product/${STUCK.retailer.slug}/${addDays(day, -1)}/robot.csv`);
    expect(f.approvedStatus).toBe('pending');
    // Arrived today: waiting 3 days on day + 3 is not stuck; on day + 4 it is.
    expect(await check(STUCK, addDays(day, 3))).toMatchObject({ opened: 0 });
    expect(await kinds(STUCK)).toEqual(['broken']);
    expect(await check(STUCK, addDays(day, 4))).toMatchObject({ opened: 1 });
    const stuck = (await panelProblems(STUCK)).find((p) => p.kind === 'stuck');
    expect(stuck).toMatchObject({ since: day, detail: M.stuck(`${addDays(day, -1).slice(5, 7)}/${addDays(day, -1).slice(8, 10)}/${addDays(day, -1).slice(0, 4)}`, 4), file: { _id: held._id } });
    expect((await listBrandRows(STUCK.brand._id)).get(STUCK.retailer._id)?.delayed).toEqual({ since: day, kind: 'stuck' });

    // The admin decides the file (Needs Attention rejects it): no longer held.
    const res = await callRoute('markNeedsAttention', { token: admin, body: { _id: held._id } });
    expect(res.status).toBe(200);
    await expect.poll(() => kinds(STUCK)).toEqual(['broken']);
    expect((await listBrandRows(STUCK.brand._id)).get(STUCK.retailer._id)?.delayed).toBeUndefined();
    // The next check does not reopen it: the file is no longer pending.
    expect(await check(STUCK, addDays(day, 5))).toMatchObject({ opened: 0 });
  });
});

describe('the thresholds in the post office settings', () => {
  it('answers the defaults, refuses bad values with their message, keeps them when a save leaves them out, and only for admins', async () => {
    const read = async () => (await callRoute('getThresholdSettings', { token: admin })).body;
    const before = await read();
    expect(Object.keys(before.settings.robotHealth).sort()).toEqual(['emptyBeforePercent', 'emptyNowPercent', 'graceDays', 'reminderDays', 'stuckDays', 'thinPercent']);
    const put = (robotHealth: unknown, version: number) => callRoute('updateSettings', { params: { id: 'threshold' }, token: admin, body: { ...before.settings, robotHealth, version } as never });
    const bad: [Record<string, unknown>, string][] = [
      [{ thinPercent: 0 }, M.settingInvalid('Thin below', [1, 100])],
      [{ thinPercent: 101 }, M.settingInvalid('Thin below', [1, 100])],
      [{ graceDays: 1.5 }, M.settingInvalid('Late after', [0, 60])],
      [{ stuckDays: '3' }, M.settingInvalid('Stuck after', [1, 60])],
      [{ reminderDays: 61 }, M.settingInvalid('Remind every', [1, 60])],
      [{ emptyBeforePercent: 90, emptyNowPercent: 90 }, M.emptyShareOrder],
    ];
    for (const [change, message] of bad) {
      const res = await put({ ...before.settings.robotHealth, ...change }, before.version);
      expect(res.status, JSON.stringify(change)).toBe(400);
      const body = errorBody(res) as { issues?: { path: string; message: string }[] };
      expect(body.issues?.map((i) => i.message), JSON.stringify(change)).toContain(message);
      expect(body.issues?.[0]?.path, JSON.stringify(change)).toMatch(/^robotHealth\./);
    }
    expect((await put({ ...before.settings.robotHealth, sometimes: 1 }, before.version)).status).toBe(400);
    // Nothing was written by the refusals.
    expect((await read()).version).toBe(before.version);

    // A save with a new value, then one that leaves robotHealth out: the value stays.
    const saved = await put({ ...before.settings.robotHealth, graceDays: 5 }, before.version);
    expect(saved.status).toBe(200);
    const { robotHealth: _left, ...withoutHealth } = before.settings;
    const plain = await callRoute('updateSettings', { params: { id: 'threshold' }, token: admin, body: { ...withoutHealth, version: saved.body.version } });
    expect(plain.status).toBe(200);
    const after = await read();
    expect(after.settings.robotHealth.graceDays).toBe(5);
    // Back as they were, for the other files of the run.
    expect((await put(before.settings.robotHealth, after.version)).status).toBe(200);

    // Not for a brand admin.
    const brandAdmin = await login('brandadmin@demo.test');
    for (const [id, opts] of [
      ['getRobotHealth', { query: {} }],
      ['listRobots', { query: {} }],
      ['updateRobotSchedule', { params: { retailerId: LATE.retailer._id, type: 'product' }, body: { cadenceDays: 3 } }],
    ] as const) {
      const res = await callRoute(id, { ...(opts as object), token: brandAdmin } as never);
      expect(res.status, id).toBe(403);
    }
  });
});

describe('races', () => {
  it('two files of one robot taken at once (parallel ingests) and a check beside them lose nothing: the newer file is the last one, both counts are kept', async () => {
    const RACE = tenant('5');
    await makeOwnTenant(RACE);
    const base = { retailer: RACE.retailer._id, retailerName: RACE.retailer.name, name: RACE.retailer.slug, type: 'product' as const, robot: 'robot', createdAt: new Date().toISOString() };
    const facts = { columns: HEADER, emptyShares: { Price: 0, 'Image URLs': 0, 'Product URL': 0 } };
    await rh.recordRobotFile({ ...base, _id: `race-a-${tag}`, date: '2015-05-04', rowCount: 50, health: facts });
    // Three files and a check at once, retried: each write is conditioned on the item's rev and read again on a lost race.
    await Promise.all([
      rh.recordRobotFile({ ...base, _id: `race-c-${tag}`, date: '2015-05-18', rowCount: 52, health: facts }),
      rh.recordRobotFile({ ...base, _id: `race-b-${tag}`, date: '2015-05-11', rowCount: 51, health: facts }),
      rh.recordRobotFile({ ...base, _id: `race-c-${tag}`, date: '2015-05-18', rowCount: 52, health: facts }),
      check(RACE, '2015-05-13'),
    ]);
    const h = await rh.getRobotHealth(RACE.retailer._id, 'product');
    expect(h?.lastFile).toEqual({ _id: `race-c-${tag}`, date: '2015-05-18', rowCount: 52 });
    // The 05/11 file came after the 05/18 one or before it: kept when before, an older file ignored when after; never twice.
    expect([[50, 51, 52], [50, 52]]).toContainEqual(h?.recentRowCounts);
    expect(await kinds(RACE)).toEqual([]);
  });
});

describe('a deleted retailer', () => {
  it('is no longer watched: its robots and their problems go with it (no late alert about a retailer that is gone)', async () => {
    const { putRetailer } = await import('../../functions/retailers/retailers.repo');
    const gone = tenant('6').retailer;
    const stamp = new Date().toISOString();
    await putRetailer({ ...gone, createdAt: stamp, updatedAt: stamp });
    // Its files were deleted by retention long ago; its robot's item stayed, late.
    await rh.recordRobotFile({ _id: `gone-${tag}`, date: '2015-01-05', retailer: gone._id, retailerName: gone.name, name: gone.slug, type: 'product', robot: 'robot', rowCount: 20, createdAt: stamp, health: { columns: HEADER, emptyShares: {} } });
    await rh.checkRobots('2015-02-01', new Date('2015-02-01T06:00:00Z'), { retailers: [gone._id] });
    expect((await rh.listRobotProblemsOf(gone._id, 'product')).map((p) => p.kind)).toEqual(['late']);
    const res = await callRoute('deleteRetailer', { params: { id: gone._id }, token: admin });
    expect(res.status).toBe(200);
    expect(await rh.getRobotHealth(gone._id, 'product')).toBeUndefined();
    expect(await rh.listRobotProblemsOf(gone._id, 'product')).toEqual([]);
  });
});
