/**
 * The message of the contact form (Quill's HTML) made safe to send and to keep in the email
 * history: Quill's formatting (paragraphs, headings, bold/italic/underline/strike, lists, quotes,
 * code, links, alignment and colour), links http(s)/mailto only (opened in a new tab), images
 * https or data:image/(png|jpeg|gif|webp) only; scripts, styles, iframes, forms, event handlers
 * and javascript: URLs are dropped. The sanitised HTML is what is sent and recorded.
 */
import sanitize from 'sanitize-html';

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i;
const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i];

const OPTIONS: sanitize.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'span', 'a', 'ol', 'ul', 'li', 'h1', 'h2', 'h3', 'blockquote', 'pre', 'code', 'sub', 'sup', 'img'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], li: ['data-list'], '*': ['class', 'style'] },
  allowedClasses: { '*': ['ql-*'] },
  allowedStyles: { '*': { color: COLOUR, 'background-color': COLOUR, 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: { a: sanitize.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  // An image must name where it is: https, or the data of one. A relative src (`/x.png`, `x.png`)
  // points nowhere in an email (and at our own site in the history view): dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !(/^https:\/\/[^/\s]/i.test(frame.attribs.src ?? '') || DATA_IMAGE.test(frame.attribs.src ?? '')),
};

export function sanitizeMessage(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

/** Whether the (sanitised) message has any text or image: Quill's empty editor is `<p><br></p>`. */
export function hasContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  const text = sanitize(html, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;|&#160;|\u00a0/g, ' ').trim().length > 0;
}

/** The plain-text part of the email. */
export function textOf(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|h1|h2|h3|li|blockquote|pre)>/gi, '\n');
  // The sanitiser's text escapes only these; read once (`&amp;lt;` is the text `&lt;`, not `<`).
  return sanitize(withBreaks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_, name: string) => TEXT_ENTITIES[name]!)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const TEXT_ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
