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
