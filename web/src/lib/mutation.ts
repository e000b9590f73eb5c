/**
 * Options every mutation hook (`useSWRMutation` in a feature's `api/` file) passes: the screen
 * that triggers it catches the error and shows what the spec asks for there, so the app-wide
 * `onError` of the reads (handle-error.ts) must not show it a second time.
 */
export const MUTATION_OPTIONS = { onError: () => undefined, throwOnError: true } as const;
