/**
 * The contact form's and canned messages' HTML sanitiser (functions/contact/domain/sanitize.ts):
 * what a retailer receives and the email history shows.
 */
import { describe, expect, it } from 'vitest';
import { hasContent, sanitizeMessage, textOf } from '../../../functions/contact/domain/sanitize';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('sanitizeMessage', () => {
  it("keeps Quill's formatting and opens links in a new tab", () => {
    expect(sanitizeMessage('<p class="ql-align-center"><strong>Hi</strong> <a href="https://brand.example/x">here</a></p>')).toBe(
      '<p class="ql-align-center"><strong>Hi</strong> <a href="https://brand.example/x" target="_blank" rel="noopener noreferrer">here</a></p>',
    );
  });

  it('drops scripts, event handlers and javascript: links', () => {
    const out = sanitizeMessage('<p onclick="x()">a<script>alert(1)</script><a href="javascript:alert(1)">b</a></p>');
    expect(out).not.toMatch(/script|onclick|javascript/i);
    expect(out).toContain('a');
  });

  it('keeps https and data images, drops relative, protocol-relative, http and other data images', () => {
    expect(sanitizeMessage(`<p><img src="https://cdn.example/a.png"><img src="${PNG}"></p>`)).toBe(`<p><img src="https://cdn.example/a.png" /><img src="${PNG}" /></p>`);
    for (const src of ['/api/exports/download?token=x', 'a.png', '//evil.example/a.png', 'http://cdn.example/a.png', 'data:text/html;base64,PHA+', 'https:///a.png', ''])
      expect(sanitizeMessage(`<p>x<img src="${src}"></p>`), src).toBe('<p>x</p>');
  });
});

describe('hasContent and textOf', () => {
  it("counts Quill's empty editor as empty and an image alone as content", () => {
    expect(hasContent(sanitizeMessage('<p><br></p>'))).toBe(false);
    expect(hasContent(sanitizeMessage(`<p><img src="${PNG}"></p>`))).toBe(true);
  });

  it('gives the plain-text part with line breaks and decoded entities', () => {
    expect(textOf('<p>Tom &amp; Jerry</p><p>line<br>two</p>')).toBe('Tom & Jerry\nline\ntwo');
  });
});
