import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from '../../../web/src/components/ui/modal';
import { Pagination } from '../../../web/src/components/ui/pagination';
import { Table, type SortState } from '../../../web/src/components/ui/table';
import { Tabs } from '../../../web/src/components/ui/tabs';
import { domRoot } from '../support/dom-root';

const dom = domRoot();
const { render } = dom;
const key = (key: string, opts: KeyboardEventInit = {}) => act(() => void document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...opts })));
const pageLabels = () => [...dom.host.querySelectorAll('button')].map((b) => b.textContent);

describe('Table', () => {
  function Sorted() {
    const [sort, setSort] = useState<SortState | undefined>();
    return (
      <Table caption="People" rows={[{ n: 'b' }, { n: 'a' }]} rowKey={(r) => r.n} sort={sort} onSort={setSort} rowState={(r) => (r.n === 'a' ? 'flagged' : undefined)}
        columns={[{ key: 'n', header: 'Name', sortable: true, cell: (r) => r.n }, { key: 'x', header: 'Other', cell: () => '-' }]} />
    );
  }

  it('sorts a column ascending on first click, then toggles to descending and back, announcing it in aria-sort', () => {
    render(<Sorted />);
    const th = () => dom.host.querySelector('th')!;
    expect(th().getAttribute('aria-sort')).toBe('none');
    expect(dom.host.querySelectorAll('th')[1]!.hasAttribute('aria-sort')).toBe(false);
    act(() => th().querySelector('button')!.click());
    expect(th().getAttribute('aria-sort')).toBe('ascending');
    act(() => th().querySelector('button')!.click());
    expect(th().getAttribute('aria-sort')).toBe('descending');
    act(() => th().querySelector('button')!.click());
    expect(th().getAttribute('aria-sort')).toBe('ascending');
  });

  it('marks a row with its state and names the table with a caption', () => {
    render(<Sorted />);
    expect(dom.host.querySelector('caption')!.textContent).toBe('People');
    expect(dom.host.querySelector('tr[data-state="flagged"]')!.className).toBe('table__row table__row--flagged');
  });
});

describe('Pagination', () => {
  it('is hidden under 2 pages', () => {
    render(<Pagination page={1} totalPages={1} onChange={() => undefined} />);
    expect(dom.host.innerHTML).toBe('');
  });

  it('shows First, up to 10 pages around the current one, and Last', () => {
    render(<Pagination page={15} totalPages={40} onChange={() => undefined} />);
    expect(pageLabels()).toEqual(['First', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20', 'Last']);
    render(<Pagination page={39} totalPages={40} onChange={() => undefined} />);
    expect(pageLabels()).toEqual(['First', '31', '32', '33', '34', '35', '36', '37', '38', '39', '40', 'Last']);
  });

  it('shows margin pages and gaps in the comparison style', () => {
    render(<Pagination page={20} totalPages={40} maxButtons={8} marginPages={5} onChange={() => undefined} />);
    expect(pageLabels()).toEqual(['‹', '1', '2', '3', '4', '5', '17', '18', '19', '20', '21', '22', '23', '24', '36', '37', '38', '39', '40', '›']);
    expect(dom.host.querySelectorAll('.pager__gap')).toHaveLength(2);
  });
});

describe('Modal', () => {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        {open ? (
          <Modal title="Dialog" onClose={() => setOpen(false)} footer={<button type="button">Last</button>}>
            <input aria-label="Field" />
          </Modal>
        ) : null}
      </>
    );
  }

  it('is labelled by its title, keeps Tab inside, closes on Escape and returns focus to the opener', () => {
    render(<Opener />);
    const opener = dom.host.querySelector('button')!;
    opener.focus();
    act(() => opener.click());
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Dialog');
    const items = [...dialog.querySelectorAll<HTMLElement>('button, input')];
    expect(document.activeElement).toBe(items[0]);
    items[items.length - 1]!.focus();
    key('Tab');
    expect(document.activeElement).toBe(items[0]);
    key('Tab', { shiftKey: true });
    expect(document.activeElement).toBe(items[items.length - 1]);
    key('Escape');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('Tabs', () => {
  function Three() {
    const [sel, setSel] = useState('a');
    return (
      <Tabs label="Views" selected={sel} onSelect={setSel} tabs={[{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }, { id: 'c', label: 'C' }]}>
        panel {sel}
      </Tabs>
    );
  }

  it('moves and selects with the arrow keys (wrapping), Home and End, with only the selected tab in the Tab order', () => {
    render(<Three />);
    const tabs = () => [...dom.host.querySelectorAll<HTMLElement>('[role="tab"]')];
    tabs()[0]!.focus();
    key('ArrowLeft');
    expect(tabs()[2]!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs()[2]);
    key('ArrowRight');
    expect(document.activeElement).toBe(tabs()[0]);
    key('End');
    expect(dom.host.querySelector('[role="tabpanel"]')!.textContent).toBe('panel c');
    expect(tabs().map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
    key('Home');
    expect(document.activeElement).toBe(tabs()[0]);
  });
});
