/** One structured JSON logger for every function; the middy wrapper sets its context. */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const threshold = order[(process.env.LOG_LEVEL as Level | undefined) ?? 'info'] ?? 20;
let context: Record<string, unknown> = {};

function write(level: Level, message: string, extra?: Record<string, unknown>) {
  if (order[level] < threshold) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...context, ...extra }, (_k, v: unknown) =>
    v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v,
  );
  (level === 'error' ? process.stderr : process.stdout).write(line + '\n');
}

export const logger = {
  setContext(ctx: Record<string, unknown>) {
    context = ctx;
  },
  debug: (m: string, e?: Record<string, unknown>) => write('debug', m, e),
  info: (m: string, e?: Record<string, unknown>) => write('info', m, e),
  warn: (m: string, e?: Record<string, unknown>) => write('warn', m, e),
  error: (m: string, e?: Record<string, unknown>) => write('error', m, e),
};
