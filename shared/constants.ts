/** Business constants of the spec (000 §9, 001 §9), one place for web and functions. */
export const ROLE = { ADMIN: 'ADMIN', BRAND_ADMIN: 'BRAND_ADMIN', USER: 'User' } as const;
export type RoleName = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_NAMES = [ROLE.ADMIN, ROLE.BRAND_ADMIN, ROLE.USER] as const satisfies readonly RoleName[];
/** What the screens and emails call each role (issue 20 §6); the stored names stay the spec's (ADMIN, BRAND_ADMIN, User). */
export const ROLE_LABELS: Record<RoleName, string> = { ADMIN: 'Admin', BRAND_ADMIN: 'Brand admin', User: 'User' };
/** A role's name in people's words; an unknown name as it is. */
export const roleLabel = (name: string): string => (Object.hasOwn(ROLE_LABELS, name) ? ROLE_LABELS[name as RoleName] : name);

export const DEFAULT_COLORS = {
  bgColor: '#333131',
  textColor: '#ffffff',
  hoverColor: '#ffffff3b',
  summaryPageSectionColor: '#333131',
} as const;

export const PAGE = {
  defaultLimit: 25,
  products: 25,
  users: 10,
  usersSort: 'name;asc',
  cannedMessages: 10,
  comparisonRows: 100,
  retailersAdmin: 100,
  brandsAdmin: 100,
  permissions: 20,
  maxLimit: 1000,
} as const;

export const VERSION = '1.0.0';
export const TOAST_MS = 4000;
export const APPROVE_FAILURE_TOAST_MS = 20000;
export const EXPORT_LINK_DAYS = 7;
export const REPORT_MONTH_MIN = '2018-08';
export const EMAIL_FREQUENCIES = ['Daily', 'Weekly', 'Monthly'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];
export const WEBSITE_TYPES = [
  'retailerWithProducts',
  'retailerWithoutProducts',
  'retailerWithModule',
  'retailerWithProductsandModule',
] as const;
export type WebsiteType = (typeof WEBSITE_TYPES)[number];

/** An account is `pending` until its activation link is used; `disabled`: deactivated (cannot log in). */
export const USER_STATUSES = ['active', 'pending', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** What an emailed single-use link does: reset a password or activate a new account. */
export const LINK_KINDS = ['reset', 'activate'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** A robot file's review state in the post office (001 §3). */
export const APPROVED_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovedStatus = (typeof APPROVED_STATUSES)[number];
/** A robot file's flag level, most severe first (001 §5). */
export const FLAG_LEVELS = ['require_review', 'caution', 'unflagged'] as const;
export type FlagLevel = (typeof FLAG_LEVELS)[number];
/** The post-office list's sorts (GET /getFiles `sort`), here without zod: the web's list reads them. */
export const FILE_SORTS = ['date;asc', 'date;desc', 'name;asc', 'name;desc', 'type;asc', 'type;desc'] as const;
export const DEFAULT_FILE_SORT = 'date;desc';
/** How a row of a file compares with the previous file of its retailer and type. */
export const ROW_MARKS = ['added', 'removed', 'changed'] as const;
export type RowMark = (typeof ROW_MARKS)[number];

/** Session and account security. */
export const AUTH = {
  sessionHours: 12,
  resetTokenMinutes: 60,
  activationTokenHours: 72,
  /** A My Account email change's link to the new address (issue 36). */
  emailChangeTokenHours: 24,
  /** Login attempts per account and address per window (a right password clears them). */
  maxFailedLogins: 5,
  /** The throttle window. */
  lockMinutes: 15,
  /**
   * Failed logins per account per window from every browser without a device cookie of the
   * account: a backstop against distributed guessing (the owner's known browsers are not held by it).
   */
  accountFailedLogins: 50,
  /** How long a known-device cookie lasts (functions/auth/device-cookie.ts); each login renews it. */
  deviceCookieDays: 90,
  /** Requests per address per window to /login, /register and /forgotPassword together (env ACCOUNT_ROUTE_LIMIT overrides). */
  addressLimit: 100,
} as const;

/** The `code` of the API's 403 to a brand user who has not accepted the terms: the web's client opens /privacypolicy on it. */
export const TERMS_NOT_ACCEPTED = 'TERMS_NOT_ACCEPTED';

/**
 * The `code` of the API's 403 to an ADMIN without a second factor on a route other than its setup
 * (issue 26): the web's client opens the admin's security page on it.
 */
export const SECOND_FACTOR_REQUIRED = 'SECOND_FACTOR_REQUIRED';

/**
 * The `code` of POST /login's 429 while the account's backstop holds an unknown browser (issue 36):
 * the body names a captcha (GET /captcha's answer) whose solution lets the password be checked.
 */
export const CAPTCHA_REQUIRED = 'CAPTCHA_REQUIRED';

/** Header CloudFront adds to every API request (a secret value); the API refuses requests without it. */
export const ORIGIN_HEADER = 'x-origin-verify';

/** The B2B portal's links and sessions (docs/decisions.md "B2B portal"). */
export const B2B = {
  /** Expiry of a link, in days: 1 to 90, 30 unless chosen. */
  minDays: 1,
  maxDays: 90,
  defaultDays: 30,
  /** A portal session lasts this long at most (never past its link's expiry); revocation is checked on every request anyway. */
  sessionMinutes: 60,
  /** Links a page of the issuing list shows. */
  pageSize: 25,
  /** The URL fragment key of the link's secret: `/b2bReatilerView/{rId}#t=<token>`. */
  fragmentKey: 't',
} as const;

/** What a failed delivery was for (docs/operations.md), as the post office names it. */
export const FAILURE_SOURCES = {
  ingest: 'Robot file ingest',
  'basket-export': 'Basket export',
  'tab-export': 'Tab export',
  'permissions-export': 'Permissions export',
  'contacts-export': 'Contacts export',
  'case-activity-export': 'Case activity export',
  'scheduled-report': 'Scheduled report',
  unknown: 'Other',
} as const;
export type FailureSource = keyof typeof FAILURE_SOURCES;

/** Lambda's retries of an asynchronous invocation after its first try (infra/async-policy.ts; an export job counts its tries with it). */
export const ASYNC_RETRY_ATTEMPTS = 2;

/** The CloudWatch namespace of the functions' metrics (functions/lib/metrics.ts) and of the operations dashboard. */
export const METRICS_NAMESPACE = 'RetailerAudit';
