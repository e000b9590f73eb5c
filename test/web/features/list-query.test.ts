import { describe, expect, it } from 'vitest';
import { readListQuery, writeListQuery } from '../../../web/src/features/post-office/list-query';

describe('post-office list query in the URL', () => {
  it('reads an empty query as page 1, newest first, no filters', () => {
    const q = readListQuery(new URLSearchParams(''));
    expect(q).toMatchObject({ sort: 'date;desc', page: 1, approvedStatus: undefined, flag: undefined, name: undefined, fileName: undefined });
  });

  it('ignores unknown sort, status and flag values and a page below 1', () => {
    const q = readListQuery(new URLSearchParams('sort=evil&approvedStatus=maybe&flag=red&page=-3'));
    expect(q).toMatchObject({ sort: 'date;desc', approvedStatus: undefined, flag: undefined, page: 1 });
  });

  it('writes only what differs from the defaults and reads it back unchanged', () => {
    const q = readListQuery(new URLSearchParams('sort=name%3Basc&approvedStatus=pending&flag=caution&name=harrowgate-finch&fileName=%20robot%20&page=3'));
    const written = writeListQuery(q);
    expect(written.toString()).toBe('sort=name%3Basc&approvedStatus=pending&flag=caution&name=harrowgate-finch&fileName=robot&page=3');
    expect(readListQuery(written)).toEqual(q);
    expect(writeListQuery(readListQuery(new URLSearchParams('page=1'))).toString()).toBe('');
  });
});

describe('the flag counters’ caption', () => {
  it('names what the counters count: the list’s status and retailer (the file search is not counted)', async () => {
    const { flagCountsCaption } = await import('../../../web/src/features/post-office/labels');
    expect(flagCountsCaption({})).toBe('All files, by flag');
    expect(flagCountsCaption({ approvedStatus: 'pending' })).toBe('Pending files, by flag');
    expect(flagCountsCaption({ approvedStatus: 'rejected', name: 'orchard-row' })).toBe('Rejected files of orchard-row, by flag');
    expect(flagCountsCaption({ name: 'orchard-row', fileName: '2026-11' })).toBe('All files of orchard-row, by flag (the file search not counted)');
  });
});
