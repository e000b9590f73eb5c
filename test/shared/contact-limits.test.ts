/**
 * The contact form's attachment limits hold in AWS too: the largest request the limits allow
 * (files at the total, the longest message in 3-byte characters, the form's other fields),
 * base64-encoded as API Gateway hands a multipart body to Lambda, stays under Lambda's 6 MB
 * request event. With the old limits (20 MB in all) it did not: a deployed stack answered 413
 * where the local one sent the email.
 */
import { describe, expect, it } from 'vitest';
import { LAMBDA_EVENT_MAX_BYTES } from '../../infra/local/api-server';
import { CONTACT_LIMITS } from '../../shared/schemas/contact';

const base64 = (n: number) => Math.ceil(n / 3) * 4;

describe('contact attachment limits', () => {
  it('the largest allowed request fits a Lambda request event, with room for headers', () => {
    const formFields = 64 * 1024; // subject, names, recipients, products, multipart boundaries
    const worst = CONTACT_LIMITS.maxTotalBytes + CONTACT_LIMITS.maxMessageChars * 3 + formFields;
    const headersAndEnvelope = 32 * 1024;
    expect(base64(worst) + headersAndEnvelope).toBeLessThan(LAMBDA_EVENT_MAX_BYTES);
    expect(CONTACT_LIMITS.maxFileBytes).toBeLessThanOrEqual(CONTACT_LIMITS.maxTotalBytes);
  });
});
