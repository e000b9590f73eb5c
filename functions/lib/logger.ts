/**
 * One structured JSON logger for every function: Powertools for AWS Lambda's Logger (JSON lines
 * with level, message, timestamp, service, the X-Ray trace id in AWS), under the interface the
 * code has always used. `setContext` replaces the keys of the invocation (the HTTP wrapper sets
 * route and request id, then brand and user once the caller is known; the pipeline sets its
 * function, state and file); `extra` values are added to one line only, errors with name, message
 * and stack.
 */
import { Logger } from '@aws-lambda-powertools/logger';

type Level = 'debug' | 'info' | 'warn' | 'error';
const LEVELS: readonly Level[] = ['debug', 'info', 'warn', 'error'];
const configured = (process.env.LOG_LEVEL ?? 'info').toLowerCase() as Level;

/** The Powertools logger itself (for its middleware and tests). */
export const powertoolsLogger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'retailer-audit', logLevel: (LEVELS.includes(configured) ? configured : 'info').toUpperCase() as 'INFO' });

export const logger = {
  /** The keys of this invocation, replacing those of the one before (a warm Lambda keeps the module). */
  setContext(ctx: Record<string, unknown>) {
    powertoolsLogger.resetKeys();
    powertoolsLogger.appendKeys(ctx);
  },
  /** More keys for the rest of this invocation (the caller, once authenticated). */
  addContext(ctx: Record<string, unknown>) {
    powertoolsLogger.appendKeys(ctx);
  },
  debug: (m: string, e?: Record<string, unknown>) => powertoolsLogger.debug(m, e ?? {}),
  info: (m: string, e?: Record<string, unknown>) => powertoolsLogger.info(m, e ?? {}),
  warn: (m: string, e?: Record<string, unknown>) => powertoolsLogger.warn(m, e ?? {}),
  error: (m: string, e?: Record<string, unknown>) => powertoolsLogger.error(m, e ?? {}),
};
