/**
 * Stands in for web/src/lib/notify in jsdom feature tests: every toast is recorded in `shown` as
 * `kind:message` (an error list as `title:item|item`). Use it from a test file with
 * `vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'))`.
 */
export const shown: string[] = [];

export const notify = {
  success: (m: string) => shown.push(`success:${m}`),
  info: (m: string) => shown.push(`info:${m}`),
  warning: (m: string) => shown.push(`warning:${m}`),
  error: (m: string) => shown.push(`error:${m}`),
  errorList: (t: string, items: string[]) => shown.push(`${t}:${items.join('|')}`),
};
