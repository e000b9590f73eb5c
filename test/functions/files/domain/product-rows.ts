/** Robot rows of product files for the diff tests: a bag with its price, image and screenshot, changed by `over` (undefined values left as they are). */
import type { RobotRow } from '../../../../functions/files/domain/robot-types.js';

export function product(styleNumber: string, over: Partial<Record<string, string>> = {}): RobotRow {
  const row: RobotRow = {
    'Style Number': styleNumber,
    Name: `Bag ${styleNumber}`,
    Price: '100.00',
    'Image URLs': `https://cdn/${styleNumber}.jpg`,
    Screenshot: `https://shots/1/${styleNumber}.png`,
  };
  for (const [k, v] of Object.entries(over)) if (v !== undefined) row[k] = v;
  return row;
}

/** The columns a product diff tracks in these tests. */
export const columns = ['Name', 'Price', 'Image URLs', 'Screenshot'];
