import { CAPTCHA_REQUIRED, SECOND_FACTOR_REQUIRED, TERMS_NOT_ACCEPTED } from '../../../shared/constants';
import { MFA_MSG } from '../../../shared/messages/mfa';
import { MSG } from '../../../shared/messages';
import type { CaptchaChallenge } from '../../../shared/schemas/public';

export interface Issue {
  path: string;
  message: string;
}

/** A typed error with a status code; `expose` says whether its message may reach the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly issues?: Issue[],
    readonly expose = statusCode < 500,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class ValidationError extends HttpError {
  constructor(message: string, issues: Issue[] = []) {
    super(400, message, 'VALIDATION', issues);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message: string = MSG.unauthorized) {
    super(401, message, 'UNAUTHORIZED');
  }
}
export class ForbiddenError extends HttpError {
  constructor(message: string = MSG.forbidden) {
    super(403, message, 'FORBIDDEN');
  }
}
/** A brand user who has not accepted the terms asked for brand data (docs/decisions.md "Accepting the terms"). */
export class TermsNotAcceptedError extends HttpError {
  constructor() {
    super(403, MSG.termsNotAccepted, TERMS_NOT_ACCEPTED);
  }
}
/** An ADMIN without a second factor called a route other than its setup (issue 26). */
export class SecondFactorRequiredError extends HttpError {
  constructor(hold: 'setup' | 'passkey' = 'setup') {
    super(403, hold === 'passkey' ? MFA_MSG.adminUsePasskey : MFA_MSG.adminNeedsFactor, SECOND_FACTOR_REQUIRED);
  }
}
export class NotFoundError extends HttpError {
  constructor(message: string = MSG.notFound) {
    super(404, message, 'NOT_FOUND');
  }
}
/** The resource was there and is deleted for good (retention). */
export class GoneError extends HttpError {
  constructor(message: string) {
    super(410, message, 'GONE');
  }
}
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message, 'CONFLICT');
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, message, 'PAYLOAD_TOO_LARGE');
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(message: string) {
    super(429, message, 'TOO_MANY_REQUESTS');
  }
}
/** A login the account's backstop holds (issue 36): 429 `CAPTCHA_REQUIRED` with the captcha to answer, as GET /captcha gives it. */
export class CaptchaRequiredError extends HttpError {
  constructor(
    message: string,
    readonly captcha: CaptchaChallenge,
  ) {
    super(429, message, CAPTCHA_REQUIRED);
  }
}
