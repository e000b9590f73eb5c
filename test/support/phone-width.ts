/**
 * Does the screen fit a 390 px phone? (issue 20 §3: every screen fits 390 px, no sideways scroll;
 * wide tables scroll inside their own box.) The e2e suite asks it of every screen it audits
 * (test/support/browser.ts), whatever the test's own viewport.
 *
 * The screen a test shows is copied, as it stands (data loaded, a modal open, a tab chosen), into
 * a page 390 × 844 px wide of its own, without the app's scripts: its DOM, its CSS (read from the
 * CSSOM, so rules inserted by script come too) and its pictures (each replaced by an empty picture
 * of the same natural size, so a wide photo is as wide as it is in the app). There the page is
 * laid out by the app's own CSS and media queries at 390 px and measured: the document's
 * `scrollWidth`, and the elements whose box or text ends right of the viewport without a scroll
 * box or clipping box inside the viewport holding them (what a phone cuts off or scrolls to). The test's page is only read: its flow,
 * its requests and its viewport stay as they were.
 *
 * What this does not see: layout decided by script from the window's width (`matchMedia`,
 * `innerWidth`); the web app has none (its responsive layout is CSS only) and should keep it so,
 * or this check would measure the desktop's DOM. test/e2e/phone.test.ts opens the screens in a
 * real 390 px window as well.
 */
import type { Browser, Page } from 'playwright-core';

export const PHONE = { width: 390, height: 844 } as const;

/** What sticks out of a screen at the phone's width. */
export interface WidthProblem {
  path: string;
  /** The document's scrollWidth at 390 px (390 when only something clipped by the page sticks out). */
  scrollWidth: number;
  /** The outermost elements that end right of the viewport, described (`tag#id.class [left–right px] "text"`). */
  elements: string[];
}

/**
 * Runs in the app's page: the screen as a document of its own (no scripts, CSS inlined, pictures
 * sized). No named inner functions: a transpiler keeping names would call a helper the page lacks.
 */
function snapshotScreen(): { html: string; path: string } {
  // The CSS text is read again only when the sheets changed (a lazy route's sheet loaded, a rule
  // inserted): the same sheets with the same number of rules are the text read last time.
  const sheets = Array.from(document.styleSheets).filter((sheet) => !sheet.disabled);
  const sheetsKey = sheets
    .map((sheet) => {
      try {
        return `${sheet.href ?? ''}:${sheet.media.mediaText}:${sheet.cssRules.length}`;
      } catch {
        return 'cross-origin';
      }
    })
    .join('|');
  const kept = (window as unknown as { __e2eCss?: { key: string; css: string[] } }).__e2eCss;
  const css: string[] = kept?.key === sheetsKey ? kept.css : [];
  if (kept?.key !== sheetsKey) {
    for (const sheet of sheets) {
      let rules: string;
      try {
        rules = Array.from(sheet.cssRules, (r) => r.cssText).join('\n');
      } catch {
        continue; // a cross-origin sheet (none in the app)
      }
      const media = sheet.media.mediaText;
      css.push(media && media !== 'all' ? `@media ${media} {\n${rules}\n}` : rules);
    }
    (window as unknown as { __e2eCss?: { key: string; css: string[] } }).__e2eCss = { key: sheetsKey, css };
  }
  const live = Array.from(document.querySelectorAll('img'));
  const root = document.documentElement.cloneNode(true) as HTMLElement;
  const copies = Array.from(root.querySelectorAll('img'));
  copies.forEach((img, i) => {
    const src = live[i];
    img.removeAttribute('srcset');
    img.removeAttribute('loading');
    if (src && src.complete && src.naturalWidth > 0) {
      img.src = `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${src.naturalWidth}" height="${src.naturalHeight}"/>`)}`;
    } else {
      img.removeAttribute('src');
    }
  });
  root.querySelectorAll('script, style, link, base, noscript, picture > source, iframe').forEach((n) => n.remove());
  const head = root.querySelector('head') ?? root.insertBefore(document.createElement('head'), root.firstChild);
  const base = document.createElement('base');
  base.href = location.href;
  const style = document.createElement('style');
  style.textContent = css.join('\n');
  head.prepend(base, style);
  return { html: `<!doctype html>\n${root.outerHTML}`, path: location.pathname + location.search };
}

/** Runs in the copy: the document's width and the outermost elements ending right of the viewport. */
function measureScreen(): { scrollWidth: number; elements: string[] } {
  const vw = document.documentElement.clientWidth;
  const scrollWidth = (document.scrollingElement ?? document.documentElement).scrollWidth;
  // The right edge of an element's box and of its own text (a word that does not wrap), unless
  // the box clips its text (`overflow: hidden`, as a screen-reader label's).
  const rightOf = (el: Element) => {
    let right = el.getBoundingClientRect().right;
    if (getComputedStyle(el).overflowX !== 'visible') return right;
    for (const n of Array.from(el.childNodes)) {
      if (n.nodeType !== Node.TEXT_NODE || !n.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      right = Math.max(right, range.getBoundingClientRect().right);
    }
    return right;
  };
  // Held by a scroll (or clipping) box that itself ends inside the viewport: that box is where it
  // scrolls. A box clips only what it contains: an absolutely placed element (a screen-reader
  // label) escapes every box up to its positioned ancestor, a fixed one every box (and then makes
  // the page scroll instead).
  const held = (el: Element) => {
    let position = getComputedStyle(el).position;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      const transformed = style.transform !== 'none';
      const contains = position === 'fixed' ? transformed : position === 'absolute' ? style.position !== 'static' || transformed : true;
      if (!contains) continue;
      if (style.overflowX !== 'visible' && a.getBoundingClientRect().right <= vw + 1) return true;
      position = style.position;
    }
    return false;
  };
  // What to look at: every element when the page scrolls sideways (to name the culprits); else
  // only fixed boxes and what they hold (they never widen the page, but a phone cuts them off).
  let looked = Array.from(document.body.querySelectorAll('*'));
  if (scrollWidth <= vw) {
    looked = looked.filter((el) => getComputedStyle(el).position === 'fixed').flatMap((el) => [el, ...Array.from(el.querySelectorAll('*'))]);
  }
  const out = new Set<Element>();
  for (const el of looked) {
    // A toast sliding in or out: in the copy its animation starts again from its first frame
    // (off the screen's edge by design); at rest it fits (react-toastify: full width under 480 px).
    if (el.closest('.Toastify--animate')) continue;
    if (!el.getClientRects().length) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (rightOf(el) > vw + 1 && !held(el)) out.add(el);
  }
  const describe = (el: Element) => {
    const classes = Array.from(el.classList, (c) => `.${c}`).join('');
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes} [${Math.round(el.getBoundingClientRect().left)}–${Math.round(rightOf(el))} px] "${text}"`;
  };
  const outermost = Array.from(out).filter((el) => !el.parentElement || !out.has(el.parentElement));
  return { scrollWidth, elements: outermost.slice(0, 8).map(describe) };
}

/** One phone-sized page per browser, in a context of its own (the tests' storage, requests and pages are not touched). */
const phonePages = new WeakMap<Browser, Promise<Page>>();
/** Copies laid out one at a time on that page. */
const queues = new WeakMap<Browser, Promise<unknown>>();

function phonePage(browser: Browser): Promise<Page> {
  let page = phonePages.get(browser);
  if (!page) {
    page = browser.newContext({ viewport: PHONE, javaScriptEnabled: false }).then((c) => c.newPage());
    phonePages.set(browser, page);
  }
  return page;
}

/** A screen copied out of the app's page, to lay out at the phone's width. */
export interface ScreenCopy {
  html: string;
  path: string;
}

/** Copies the screen `page` shows now (only reads the page). */
export function copyScreen(page: Page): Promise<ScreenCopy> {
  return page.evaluate(snapshotScreen);
}

/**
 * `copy` laid out at 390 px: undefined when it fits, else the path, the document's width and
 * what sticks out. With `screenshotPath`, the phone's window (390 × 844) is saved there as well.
 */
export async function phoneWidthOf(browser: Browser, copy: ScreenCopy, screenshotPath?: string): Promise<WidthProblem | undefined> {
  const run = async () => {
    const phone = await phonePage(browser);
    await phone.setContent(copy.html, { waitUntil: 'load' });
    const measured = await measureIn(phone);
    if (screenshotPath) await phone.screenshot({ path: screenshotPath });
    return measured;
  };
  const next = (queues.get(browser) ?? Promise.resolve()).catch(() => undefined).then(run);
  queues.set(browser, next);
  const { scrollWidth, elements } = await next;
  if (scrollWidth <= PHONE.width && !elements.length) return undefined;
  return { path: copy.path, scrollWidth, elements };
}

/** The screen `page` shows, laid out at 390 px (`copyScreen`, then `phoneWidthOf`). */
export async function checkPhoneWidth(page: Page): Promise<WidthProblem | undefined> {
  const browser = page.context().browser();
  if (!browser) throw new Error('checkPhoneWidth needs a page of a launched browser');
  return phoneWidthOf(browser, await copyScreen(page));
}

/** `measureScreen` in `page` (with the helper esbuild's keepNames calls, when the runner transpiles that way). */
async function measureIn(page: Page): Promise<{ scrollWidth: number; elements: string[] }> {
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate(measureScreen);
}

/** The same measure on a page whose own window is the phone's (test/e2e/phone.test.ts). */
export function measureLive(page: Page): Promise<{ scrollWidth: number; elements: string[] }> {
  return measureIn(page);
}

export function describeWidthProblem(p: WidthProblem): string {
  return `${p.path}: ${p.scrollWidth} px wide at ${PHONE.width} px${p.elements.length ? `; sticking out: ${p.elements.join(' | ')}` : ''}`;
}
