import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, type PagedSource } from '../../../functions/lib/paged-query';

const source = (pk: string): PagedSource => ({
  IndexName: 'gsi3',
  partitionKey: 'gsi3pk',
  sortKey: 'gsi3sk',
  keyAttributes: ['pk', 'sk', 'gsi3pk', 'gsi3sk'],
  KeyConditionExpression: 'gsi3pk = :pk',
  ExpressionAttributeValues: { ':pk': pk },
});
const sources = [source('FILES#pending#caution'), source('FILES#pending#unflagged')];
const key = (pk: string) => ({ pk: 'FILE#a', sk: 'FILE', gsi3pk: pk, gsi3sk: '2020-01-01#x#a' });

describe('page cursors of merged partitions', () => {
  it('reads back the start keys it wrote: a key, from the beginning ({}), or done (null)', () => {
    const starts = [key('FILES#pending#caution'), null];
    expect(decodeCursor(encodeCursor(starts), sources)).toEqual(starts);
    expect(decodeCursor(encodeCursor([{}, null]), sources)).toEqual([{}, null]);
  });

  it('refuses text that is not a cursor, one of another number of partitions, and one of another partition', () => {
    expect(decodeCursor('%%%', sources)).toBeUndefined();
    expect(decodeCursor(Buffer.from('"x"').toString('base64url'), sources)).toBeUndefined();
    expect(decodeCursor(encodeCursor([null]), sources)).toBeUndefined();
    expect(decodeCursor(encodeCursor([key('FILES#approved#caution'), null]), sources)).toBeUndefined();
  });

  it('refuses a key with missing, extra or non-text attributes', () => {
    const { gsi3sk: _, ...missing } = key('FILES#pending#caution');
    expect(decodeCursor(encodeCursor([missing, null]), sources)).toBeUndefined();
    expect(decodeCursor(encodeCursor([{ ...key('FILES#pending#caution'), extra: 'x' }, null]), sources)).toBeUndefined();
    expect(decodeCursor(encodeCursor([{ ...key('FILES#pending#caution'), sk: 5 }, null]), sources)).toBeUndefined();
  });

  it('reads back "from this prefix" (a partition a page by number started in, nothing taken from it) and refuses a non-text one', () => {
    const starts = [{ '@from': '2020-01-01#2020-01-01T00:00:01' }, null];
    expect(decodeCursor(encodeCursor(starts), sources)).toEqual(starts);
    expect(decodeCursor(encodeCursor([{ '@from': 5 }, null]), sources)).toBeUndefined();
    expect(decodeCursor(encodeCursor([{ '@from': 'x'.repeat(1025) }, null]), sources)).toBeUndefined();
  });
});
