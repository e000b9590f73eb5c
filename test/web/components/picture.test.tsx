/**
 * Pictures and their one placeholder (web/src/components/ui/picture.tsx, thumb.tsx, image-modal.tsx):
 * a picture that is missing or does not load shows the placeholder (never a broken image or
 * 'N/A'), in a table cell, in a thumb and in the image modal; a thumb opens the modal without
 * the click reaching the row around it.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { firstImage, NO_IMAGE_TEXT, Picture } from '../../../web/src/components/ui/picture';
import { Thumb } from '../../../web/src/components/ui/thumb';
import { domRoot } from '../support/dom-root';

const dom = domRoot();
const { render } = dom;
/** The browser's `error` event of an <img> that did not load. */
const fail = (img: Element) => act(() => void img.dispatchEvent(new Event('error')));
const placeholders = (within: ParentNode = document) => [...within.querySelectorAll('[data-picture="none"]')];

describe('Picture', () => {
  it('shows the picture with its alternative text', () => {
    render(<Picture className="tile__shot" src="/api/images?key=a" alt="Lumière: brand landing page" />);
    const img = dom.host.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/images?key=a');
    expect(img.alt).toBe('Lumière: brand landing page');
    expect(img.className).toBe('picture tile__shot');
    expect(placeholders()).toHaveLength(0);
  });

  it('shows the placeholder, in the caller\'s box, when the picture does not load', () => {
    render(<Picture className="tile__shot" src="https://gone.example/a.jpg" alt="Lumière: brand landing page" />);
    fail(dom.host.querySelector('img')!);
    expect(dom.host.querySelector('img')).toBeNull();
    const [ph] = placeholders();
    expect(ph!.getAttribute('role')).toBe('img');
    expect(ph!.getAttribute('aria-label')).toBe('Lumière: brand landing page: no image');
    expect(ph!.className).toBe('picture picture--none tile__shot');
    expect(ph!.textContent).toBe(NO_IMAGE_TEXT);
  });

  it('shows the same placeholder when there is no picture, and tries a new address again', () => {
    render(<Picture src="" alt="Image of Saddle Bag" />);
    expect(placeholders()).toHaveLength(1);
    render(<Picture src="https://gone.example/a.jpg" alt="Image of Saddle Bag" />);
    fail(dom.host.querySelector('img')!);
    expect(placeholders()).toHaveLength(1);
    render(<Picture src="/api/images?key=b" alt="Image of Saddle Bag" />);
    expect(dom.host.querySelector('img')!.getAttribute('src')).toBe('/api/images?key=b');
  });
});

describe('Thumb', () => {
  it('opens the large picture in the image modal, without the click reaching the row', () => {
    let rowClicks = 0;
    render(
      <div onClick={() => rowClicks++}>
        <Thumb src="/small" large="/large" alt="Logo on Orchard Row" title="Logo on Orchard Row" />
      </div>,
    );
    act(() => dom.host.querySelector<HTMLButtonElement>('button[aria-label="Open Logo on Orchard Row"]')!.click());
    expect(rowClicks).toBe(0);
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.querySelector('img')!.getAttribute('src')).toBe('/large');
    expect(dialog.querySelector('img')!.alt).toBe('Logo on Orchard Row');
  });

  it('shows the placeholder in the modal when the large picture does not load', () => {
    render(<Thumb src="/small" large="/gone" alt="Screenshot on Orchard Row" title="Screenshot on Orchard Row" />);
    act(() => dom.host.querySelector('button')!.click());
    const dialog = document.querySelector('[role="dialog"]')!;
    fail(dialog.querySelector('img')!);
    expect(placeholders(dialog)).toHaveLength(1);
    expect(placeholders(dialog)[0]!.getAttribute('aria-label')).toBe('Screenshot on Orchard Row: no image');
  });

  it('is the placeholder, not a button, when its picture does not load or is missing', () => {
    render(<Thumb src="/gone" alt="Image of Pendant" title="Pendant" />);
    fail(dom.host.querySelector('img')!);
    expect(dom.host.querySelector('button')).toBeNull();
    expect(placeholders()[0]!.className).toBe('picture picture--none thumb');
    render(<Thumb src="" alt="Image of Pendant" title="Pendant" />);
    expect(dom.host.querySelector('button')).toBeNull();
    expect(placeholders()).toHaveLength(1);
  });
});

describe('firstImage', () => {
  it('is the first address of the first value that has one', () => {
    expect(firstImage('', ' /a | /b ')).toBe('/a');
    expect(firstImage('/x', '/a|/b')).toBe('/x');
    expect(firstImage(undefined, '')).toBe('');
  });
});
