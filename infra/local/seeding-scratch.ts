/**
 * npm start on a new data folder (issue 37): DynamoDB Local makes the demo month in a database in
 * memory-backed scratch space, then the file moves into `.data/dynamodb/`, where it is served from
 * then on. On this machine's disk, SQLite's syncs were most of the filing's time (a fresh start's
 * month filed in 37 s on disk, 22–25 s in /dev/shm); the pipeline and the data are the same.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** DynamoDB Local's one database file (sharedDb). */
export const DYNAMO_DB_FILE = 'shared-local-instance.db';

const PREFIX = 'retailer-audit-seed-';

/**
 * A scratch folder for this process in memory-backed space (Linux's /dev/shm); undefined where
 * there is none (the database is then made in place). Those of runs that ended are removed.
 */
export function seedingScratch(root = '/dev/shm', platform = os.platform(), pid = process.pid): string | undefined {
  if (platform !== 'linux' || !existsSync(root)) return undefined;
  try {
    for (const f of readdirSync(root).filter((x) => x.startsWith(PREFIX))) {
      if (!isAlive(Number(f.slice(PREFIX.length)))) rmSync(path.join(root, f), { recursive: true, force: true });
    }
    const dir = path.join(root, `${PREFIX}${pid}`);
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch {
    return undefined;
  }
}

/** Move every file of `scratch` into `dir` (each whole or not at all: copied beside, then renamed), then remove `scratch`. */
export function moveInto(scratch: string, dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(scratch)) {
    copyFileSync(path.join(scratch, f), path.join(dir, `${f}.part`));
    renameSync(path.join(dir, `${f}.part`), path.join(dir, f));
  }
  rmSync(scratch, { recursive: true, force: true });
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: alive, someone else's.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
