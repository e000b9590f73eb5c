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

/**
 * What an attacker would try against the sanitiser: each case asserts the exact output (no tag,
 * attribute or scheme but those allowed survives).
 */
describe('sanitizeMessage against attacks', () => {
  const NO_HREF = '<a target="_blank" rel="noopener noreferrer">x</a>';

  it('drops a javascript:, vbscript: or data: link however its scheme is cased, encoded or padded, and keeps the link', () => {
    for (const href of [
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      'java\tscript:alert(1)',
      'jav&#x0A;ascript:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript&#x3A;alert(1)',
      '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
      'javascript&#58alert(1)',
      'javascript&colon;alert(1)',
      '  javascript:alert(1)',
      '\u0001javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
    ])
      expect(sanitizeMessage(`<a href="${href}">x</a>`), href).toBe(NO_HREF);
    expect(sanitizeMessage('<a href=javascript:alert(1)>x</a>')).toBe(NO_HREF);
  });

  it('drops a protocol-relative link, however written, and keeps http(s), mailto and relative ones as given', () => {
    for (const href of ['//evil.example/', '&#47;&#47;evil.example', '\\\\evil.example', '/\\evil.example'])
      expect(sanitizeMessage(`<a href="${href}">x</a>`), href).toBe(NO_HREF);
    expect(sanitizeMessage('<a href="mailto:a@b.example">x</a>')).toBe('<a href="mailto:a@b.example" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeMessage('<a href="http://ok.example/?a=1&amp;b=2">x</a>')).toBe('<a href="http://ok.example/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeMessage('<a href="https:&#47;&#47;ok.example">x</a>')).toBe('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeMessage('<a href="/relative">x</a>')).toBe('<a href="/relative" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('gives every link target="_blank" rel="noopener noreferrer", one without href too, and no other attribute', () => {
    expect(sanitizeMessage('<a>x</a>')).toBe(NO_HREF);
    expect(sanitizeMessage('<a name="n" title="t" onclick="x()">x</a>')).toBe(NO_HREF);
    expect(sanitizeMessage('<a href="https://ok.example/" target="_self" rel="opener">x</a>')).toBe('<a href="https://ok.example/" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeMessage('<a target="_self" href="https://ok.example">x</a>')).toBe('<a target="_blank" href="https://ok.example" rel="noopener noreferrer">x</a>');
  });

  it('reads the first of a repeated attribute, as a browser does', () => {
    expect(sanitizeMessage('<a href="https://ok.example" href="javascript:alert(1)">x</a>')).toBe('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeMessage('<a href="javascript:alert(1)" href="https://ok.example">x</a>')).toBe(NO_HREF);
    expect(sanitizeMessage('<p style="color:#fff" style="color:#000">x</p>')).toBe('<p style="color:#fff">x</p>');
  });

  it('drops an image with a bad src whole, and an image keeps src, alt, width and height only', () => {
    expect(sanitizeMessage('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeMessage('<IMG SRC=JaVaScRiPt:alert(1)>')).toBe('');
    expect(sanitizeMessage('<img/src="x"/onerror=alert(1)>')).toBe('');
    expect(sanitizeMessage('<p>x<img src="data:image/svg+xml;base64,PHN2Zz4=">y</p>')).toBe('<p>xy</p>');
    expect(sanitizeMessage('<img src="https://cdn.example/a.png" onerror="alert(1)" alt="a" width="10" height="20" title="t">')).toBe(
      '<img src="https://cdn.example/a.png" alt="a" width="10" height="20" />',
    );
  });

  it('keeps a quote in an attribute inside the attribute', () => {
    expect(sanitizeMessage('<img src="https://x.example/a.png" alt=\'"><script>alert(1)</script>\'>')).toBe(
      '<img src="https://x.example/a.png" alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />',
    );
    expect(sanitizeMessage('<a href=\'https://ok.example/"onmouseover="alert(1)\'>x</a>')).toBe(
      '<a href="https://ok.example/&quot;onmouseover=&quot;alert(1)" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops svg, math, script, style, iframe, object, embed, noscript, textarea and title with what is inside', () => {
    expect(sanitizeMessage('<svg><script>alert(1)</script></svg>after')).toBe('after');
    expect(sanitizeMessage('<svg onload=alert(1)>')).toBe('');
    expect(sanitizeMessage('<svg/onload=alert(1)>x')).toBe('');
    expect(sanitizeMessage('<math><mi>x</mi></math>y<svg/>z')).toBe('yz');
    expect(sanitizeMessage('<style>p{color:red}</style><p>a</p>')).toBe('<p>a</p>');
    expect(sanitizeMessage('<script>a</script >b')).toBe('b');
    expect(sanitizeMessage('<iframe src="https://evil.example"></iframe><p>a</p>')).toBe('<p>a</p>');
    expect(sanitizeMessage('<object data="x"></object><embed src="x">b')).toBe('b');
    expect(sanitizeMessage('<noscript><p>a</p></noscript>b')).toBe('b');
    expect(sanitizeMessage('<textarea><p>a</p></textarea>b')).toBe('b');
    expect(sanitizeMessage('<title>t</title>b')).toBe('b');
    expect(sanitizeMessage('<form action="x"><input name="a"><button>go</button></form>')).toBe('go');
  });

  it('closes what the message leaves open and drops what is cut off', () => {
    expect(sanitizeMessage('<p>unclosed <strong>bold')).toBe('<p>unclosed <strong>bold</strong></p>');
    expect(sanitizeMessage('<p>a</p><a href="https://x.example">unclosed link')).toBe('<p>a</p><a href="https://x.example" target="_blank" rel="noopener noreferrer">unclosed link</a>');
    expect(sanitizeMessage('<p>a<script>alert(1)')).toBe('<p>a</p>');
    expect(sanitizeMessage('<style>a</style')).toBe('');
    expect(sanitizeMessage('<p>a<img src="https://cdn.example/a.png"')).toBe('<p>a</p>');
    expect(sanitizeMessage('<p>a <b')).toBe('<p>a </p>');
    expect(sanitizeMessage('<p>text</p')).toBe('<p>text</p>');
    expect(sanitizeMessage('<p>a<p>b')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeMessage('<ul><li>a<li>b</ul>')).toBe('<ul><li>a</li><li>b</li></ul>');
    expect(sanitizeMessage('<p>a<div>b</div>c')).toBe('<p>a</p>bc');
  });

  it('keeps color and background-color (hex or rgb) and text-align only, in a style', () => {
    expect(sanitizeMessage('<p style="background:url(javascript:alert(1))">x</p>')).toBe('<p>x</p>');
    expect(sanitizeMessage('<p style="background-color:url(javascript:alert(1))">x</p>')).toBe('<p>x</p>');
    expect(sanitizeMessage('<p style="color: expression(alert(1))">x</p>')).toBe('<p>x</p>');
    // A colour is hex or rgb(): a named one goes too.
    expect(sanitizeMessage('<p style="color: red; position: fixed">x</p>')).toBe('<p>x</p>');
    expect(sanitizeMessage('<p style="color: #ff0000; position: fixed">x</p>')).toBe('<p style="color:#ff0000">x</p>');
    expect(sanitizeMessage('<p style="color: rgb(1, 2, 3); background-color: #abc; text-align: center">x</p>')).toBe('<p style="color:rgb(1, 2, 3);background-color:#abc;text-align:center">x</p>');
    expect(sanitizeMessage('<p style="text-align: left; text-align: evil">x</p>')).toBe('<p style="text-align:left">x</p>');
    expect(sanitizeMessage('<p style="color:&#35;fff">x</p>')).toBe('<p style="color:#fff">x</p>');
  });

  it('keeps ql-* classes only and drops other attributes', () => {
    expect(sanitizeMessage('<p class="ql-align-center evil">x</p>')).toBe('<p class="ql-align-center">x</p>');
    expect(sanitizeMessage('<p class="ql-align-center&#32;evil">x</p>')).toBe('<p class="ql-align-center">x</p>');
    expect(sanitizeMessage('<p class="evil">x</p>')).toBe('<p>x</p>');
    expect(sanitizeMessage('<p data-x="y" title="t">x</p>')).toBe('<p>x</p>');
    expect(sanitizeMessage('<ol><li data-list="bullet" data-x="y">x</li></ol>')).toBe('<ol><li data-list="bullet">x</li></ol>');
    expect(sanitizeMessage('<p class="constructor">x</p><constructor>y</constructor><__proto__>z')).toBe('<p>x</p>y&lt;__proto__&gt;z');
  });

  it('leaves no script tag from a nested <scr<script>ipt>', () => {
    // `<scr<script>` is read as one unknown tag (dropped): what is left is escaped text, no tag.
    expect(sanitizeMessage('<scr<script>ipt>alert(1)</scr</script>ipt>')).toBe('ipt&gt;alert(1)ipt&gt;');
    expect(sanitizeMessage('<<script>script>alert(1)<</script>/script>')).toBe('&lt;/script&gt;');
  });

  it('drops HTML comments, conditional ones too', () => {
    expect(sanitizeMessage('<p>a<!-- comment --></p>')).toBe('<p>a</p>');
    expect(sanitizeMessage('<p>a<!-- <script>alert(1)</script> --></p>')).toBe('<p>a</p>');
    expect(sanitizeMessage('<!--[if IE]><script>alert(1)</script><![endif]--><p>a</p>')).toBe('<p>a</p>');
    expect(sanitizeMessage('<p>a</p><!-- <img src=x onerror=alert(1)>')).toBe('<p>a</p>');
  });

  it('keeps text text: a < or > is escaped, & escaped, other entities read as their characters', () => {
    expect(sanitizeMessage('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(sanitizeMessage('<p>5 < 6 > 4 & "q"</p>')).toBe('<p>5 &lt; 6 &gt; 4 &amp; "q"</p>');
    expect(sanitizeMessage('<p>Tom &amp; Jerry &quot;q&quot; caf&eacute;&nbsp;x</p>')).toBe('<p>Tom &amp; Jerry "q" café\u00a0x</p>');
    expect(sanitizeMessage('x</br>y')).toBe('x<br />y');
  });

  it('sanitises 100 KB of attributes in one tag (a parser quadratic in a tag\'s length would take minutes: the test timeout)', () => {
    expect(sanitizeMessage(`<p ${'a '.repeat(50_000)}>x</p>`)).toBe('<p>x</p>');
  });
});

describe('hasContent and textOf on what an attacker sends', () => {
  it('counts a dropped script or image as no content', () => {
    expect(hasContent(sanitizeMessage('<p><script>alert(1)</script></p>'))).toBe(false);
    expect(hasContent(sanitizeMessage('<p><img src=x onerror=alert(1)></p>'))).toBe(false);
    expect(hasContent(sanitizeMessage('<p>&nbsp;&#160;</p>'))).toBe(false);
  });

  it('reads character references once in the plain text', () => {
    expect(textOf(sanitizeMessage('<p>caf&eacute; &#233; &#xe9; &lt;b&gt;</p><p>&amp;lt;</p>'))).toBe('café é é <b>\n&lt;');
  });
});
