/**
 * The contact form's attachment limits hold in AWS and locally alike (issue 22): the images go to
 * S3 through presigned POSTs, so the request to the API carries only their keys and stays far
 * under Lambda's 6 MB request event; the email itself, the largest the limits allow (images at the
 * total, base64-encoded in the raw message, the longest message in 3-byte characters, twice: HTML
 * and text), stays under SES v2's 40 MB message limit.
 */
import { describe, expect, it } from 'vitest';
import { LAMBDA_EVENT_MAX_BYTES } from '../../infra/local/api-server';
import { CONTACT_LIMITS } from '../../shared/schemas/contact';

const base64 = (n: number) => Math.ceil(n / 3) * 4;
/** SES v2: "The maximum message size is 40 MB", headers and encoding included. */
const SES_MAX_MESSAGE_BYTES = 40 * 1024 * 1024;

describe('contact attachment limits', () => {
  it('the largest allowed email fits an SES message, with room for headers', () => {
    // base64 lines of 76 characters + CRLF
    const images = base64(CONTACT_LIMITS.maxTotalBytes) * (78 / 76);
    const bodies = 2 * CONTACT_LIMITS.maxMessageChars * 3;
    const headersAndParts = 64 * 1024;
    expect(images + bodies + headersAndParts).toBeLessThan(SES_MAX_MESSAGE_BYTES);
    expect(CONTACT_LIMITS.maxFileBytes).toBeLessThanOrEqual(CONTACT_LIMITS.maxTotalBytes);
  });

  it('the send request names its images, so it fits a Lambda request event whatever their size', () => {
    const formFields = 64 * 1024 + CONTACT_LIMITS.maxFiles * 1024; // subject, recipients, products, the keys
    const worst = CONTACT_LIMITS.maxMessageChars * 3 + formFields;
    expect(base64(worst) + 32 * 1024).toBeLessThan(LAMBDA_EVENT_MAX_BYTES);
  });
});
