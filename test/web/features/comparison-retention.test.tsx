/**
 * The post office's comparison screen in jsdom (fetch stubbed at the network edge) when the data
 * bucket deleted the file's pages (180 days after upload, docs/decisions.md "Retention"): the
 * file's record still shows and the rows' place says why they are not there.
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FILE_MSG } from '../../../shared/messages';
import { featureHarness } from '../support/feature-harness';

vi.mock('../../../web/src/lib/notify', () => import('../support/notify-mock'));

const { ComparisonRoute } = await import('../../../web/src/app/routes/admin/comparison');

const h = featureHarness({ user: { _id: 'a1', name: 'Ada', roles: [{ name: 'ADMIN' }] } });
const file = {
  _id: 'f-old',
  date: '2026-01-05',
  fileName: 'incoming/product/harrowgate-finch/2026-01-05/robot.csv',
  name: 'harrowgate-finch',
  retailer: 'r1',
  retailerName: 'Harrowgate & Finch',
  type: 'product',
  robot: 'robot',
  approvedStatus: 'approved',
  flag: 'unflagged',
  flagReasons: [],
  rowCount: 5,
  previousFileId: null,
  previousDate: null,
  previousRowCount: null,
  diff: null,
  error: null,
  processingError: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  approvedAt: '2026-01-05T11:00:00.000Z',
};
let dataAnswer = { status: 410, body: { message: FILE_MSG.rowsDeleted, code: 'GONE' } as unknown };
beforeEach(() =>
  h.answer((r) => {
    if (r.url.pathname.endsWith('/getFiles/f-old')) return { status: 200, body: [file] };
    if (r.url.pathname.endsWith('/getFileData/f-old')) return dataAnswer;
    if (r.url.pathname.includes('/samePeriodFiles/')) return { status: 200, body: { data: [], totalCount: 0 } };
    return { status: 200, body: {} };
  }),
);

const renderScreen = () =>
  h.render(
    <MemoryRouter initialEntries={['/admin/post-office/comparison/f-old']}>
      <Routes>
        <Route path="/admin/post-office/comparison/:fId" element={<ComparisonRoute />} />
      </Routes>
    </MemoryRouter>,
  );

describe('Comparison of a file whose rows were deleted', () => {
  it("shows the server's reason where the rows would be, with the file's record above", async () => {
    dataAnswer = { status: 410, body: { message: FILE_MSG.rowsDeleted, code: 'GONE' } };
    await renderScreen();
    await h.settle(12);
    expect(h.host.textContent).toContain('Harrowgate & Finch');
    expect(h.host.querySelector('.cmp-nothing')?.textContent).toBe('The rows of this file were deleted: robot files are kept for 6 months.');
  });

  it('keeps the general sentence for any other failure (no server text on a 500)', async () => {
    dataAnswer = { status: 500, body: { message: 'Something went wrong, please try again!' } };
    await renderScreen();
    await h.settle(12);
    expect(h.host.querySelector('.cmp-nothing')?.textContent).toBe('The rows of this file could not be loaded.');
  });
});
