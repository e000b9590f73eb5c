/** What the robot file parse tests share: the product options, chunked bytes, and the error a parse rejects with. */
import { expect } from 'vitest';
import { type ParseRobotFileOptions, type RobotFileSource, RobotFileError, parseRobotFile } from '../../../../functions/files/domain/parse.js';

export const product: ParseRobotFileOptions = { type: 'product' };

/** Split bytes into chunks of `size` (cuts multi-byte characters on purpose). */
export function chunks(bytes: Buffer, size: number): Buffer[] {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return parts;
}

/** The error parseRobotFile rejects with (fails the test if it resolves or rejects with something else). */
export async function parseError(source: RobotFileSource, options: ParseRobotFileOptions = product): Promise<RobotFileError> {
  try {
    await parseRobotFile(source, options);
  } catch (err) {
    expect(err).toBeInstanceOf(RobotFileError);
    return err as RobotFileError;
  }
  throw new Error('expected the parse to fail');
}

/** JSON lines with bad lines: 2 not JSON, 3 not an object, 4 a repeated key, 5 no key, 6 a nested value. */
export const BAD_JSON_LINES = [
  '{"Style Number": "A"}',
  '{"Style Number": "B", "Name": }',
  '["not", "an", "object"]',
  '{"Style Number": "A"}',
  '{"Name": "no key"}',
  '{"Style Number": "C", "Details": {"nested": true}}',
].join('\n');
