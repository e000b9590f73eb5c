/**
 * What axe-core's verdict on a screen depends on, as a key (test/support/browser.ts audits each
 * screen a test shows): the screen's structure, not its data. Two screens with the same key are
 * the same screen for axe's serious and critical rules, so a run reads each once (the same list
 * reopened by later tests or files, 25 rows or 100, another retailer's page) and its findings
 * count again wherever it shows.
 *
 * The key is the SET of element descriptions of the document, each: its parent's tag and its own
 * tag, classes, the names of its attributes, and the values of those that change an accessibility
 * verdict: role, type, tabindex, scope, lang, inline style (colours), the ARIA states, whether a
 * label, alt or title is empty, whether the element has text (a button or link without a name),
 * whether its id is unique and whether the ids its ARIA and `for` references name exist. Text,
 * values and row counts are left out. The window's size is part of it (layout decides
 * contrast over images and what is visible).
 *
 * It is a script installed in the page (`globalThis.__e2eScreenKey`): a function passed to
 * `page.evaluate` could not share a named helper with another (see phone-width.ts).
 */
export const SCREEN_KEY_SCRIPT = `globalThis.__e2eScreenKey = async () => {
  const VALUED = new Set(['role', 'type', 'tabindex', 'scope', 'lang', 'style', 'dir', 'disabled', 'hidden', 'open', 'multiple', 'readonly', 'required', 'colspan', 'rowspan']);
  const NAMED = new Set(['alt', 'title', 'aria-label', 'placeholder', 'value', 'href']);
  const REFS = new Set(['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant', 'aria-errormessage', 'for', 'headers', 'list']);
  const ids = new Map();
  for (const el of document.querySelectorAll('[id]')) ids.set(el.id, (ids.get(el.id) || 0) + 1);
  const tokens = new Set();
  for (const el of document.querySelectorAll('*')) {
    const parts = [(el.parentElement ? el.parentElement.tagName : '') + '>' + el.tagName + [...el.classList].sort().map((c) => '.' + c).join('')];
    for (const name of el.getAttributeNames().sort()) {
      const value = el.getAttribute(name) || '';
      if (name === 'class' || name.startsWith('data-')) continue;
      if (name === 'id') parts.push(ids.get(value) > 1 ? '#dup' : '#');
      else if (REFS.has(name)) parts.push(name + '=' + value.split(/\\s+/).filter(Boolean).every((id) => document.getElementById(id)));
      else if (VALUED.has(name) || (name.startsWith('aria-') && !NAMED.has(name))) parts.push(name + '=' + value);
      else if (NAMED.has(name)) parts.push(name + (value.trim() ? '+' : '-'));
      else parts.push(name);
    }
    if ((el.textContent || '').trim()) parts.push('text');
    tokens.add(parts.join(' '));
  }
  const text = innerWidth + 'x' + innerHeight + '\\n' + [...tokens].sort().join('\\n');
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...hash)).replace(/[/+=]/g, '_');
};`;
