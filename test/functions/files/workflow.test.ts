import { describe, expect, it } from 'vitest';
import { asTransient, TransientError } from '../../../functions/files/workflow/errors';
import { failureReason } from '../../../functions/files/workflow/record-failure';

describe('approval workflow errors', () => {
  it('shows the task\'s own message as the failure reason', () => {
    expect(failureReason({ Error: 'NotApprovableError', Cause: JSON.stringify({ errorType: 'NotApprovableError', errorMessage: 'The file is already approved.' }) })).toBe(
      'The file is already approved.',
    );
    expect(failureReason({ Error: 'States.Timeout', Cause: 'Task timed out' })).toBe('Task timed out');
    expect(failureReason(undefined)).toBe('File not processed!');
  });
  it('treats throttling and 5xx SDK errors as transient, and the rest as final', () => {
    expect(asTransient(Object.assign(new Error('slow down'), { $retryable: { throttling: true } }))).toBeInstanceOf(TransientError);
    expect(asTransient(Object.assign(new Error('boom'), { $metadata: { httpStatusCode: 503 } }))).toBeInstanceOf(TransientError);
    const final = Object.assign(new Error('no such key'), { $metadata: { httpStatusCode: 404 } });
    expect(asTransient(final)).toBe(final);
  });
});
