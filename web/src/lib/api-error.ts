/**
 * The errors of the API client: a non-2xx answer is an `ApiError`, no answer at all a
 * `NetworkError`. Their own module, so the error handler (in every page) does not pull in the
 * client and the route table with its schemas.
 */
export interface ApiIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  /** The parsed body: an object for JSON, a string for text, undefined when empty. */
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const msg = body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : '';
    super(msg || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** The spec's `{ message, code, issues? }` fields, when the body has them. */
  get code(): string | undefined {
    const c = (this.body as { code?: unknown } | undefined)?.code;
    return typeof c === 'string' ? c : undefined;
  }
  get issues(): ApiIssue[] {
    const list = (this.body as { issues?: unknown } | undefined)?.issues;
    return Array.isArray(list) ? list.filter((i): i is ApiIssue => !!i && typeof i.path === 'string' && typeof i.message === 'string') : [];
  }
}

/** The request got no response (offline, DNS, connection refused). */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message || 'Network Error');
    this.name = 'NetworkError';
  }
}
