import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../lib/html';

/** A description containing something that looks like a tag is treated as HTML; anything else is plain text. */
const LOOKS_LIKE_HTML = /<\/?[a-z][^>]*>|<!--/i;

/**
 * The allow-list: paragraphs, line breaks, lists, emphasis and links (http, https, mailto) that open
 * in a new tab without handing the page to the target. Everything else — scripts, event handlers,
 * styles, iframes, images, `javascript:` URLs — is dropped.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'em', 'i', 'strong', 'b', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Their content is code or markup, never text a player should read.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'svg', 'math', 'template', 'object', 'title'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
};

export function isHtmlDescription(description: string): boolean {
  return LOOKS_LIKE_HTML.test(description);
}

/** Markup that lays out its own lines; without any, the line breaks typed in a text box are the layout. */
const HAS_BLOCKS = /<(p|br|ul|ol|li)\b/i;

/** The organiser's HTML reduced to the allow-list. */
export function sanitizeDescriptionHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Blank lines make paragraphs and single line breaks `<br>`; each piece escaped or not. */
function paragraphs(description: string, piece: (text: string) => string): string {
  return description
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${piece(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * The HTML pages render for a description: HTML is sanitised with the allow-list (text with a few
 * inline tags keeps its typed line breaks); plain text is escaped, blank lines making paragraphs and
 * single line breaks `<br>`.
 */
export function descriptionToHtml(description: string): string {
  if (!isHtmlDescription(description)) return paragraphs(description, escapeHtml);
  const html = HAS_BLOCKS.test(description) ? description : paragraphs(description, (text) => text);
  return sanitizeDescriptionHtml(html).replace(/<p>\s*<\/p>/g, '');
}

/**
 * What a game stores from what the organiser typed: HTML is kept only in its sanitised form (so
 * nothing unsafe is stored anywhere, and the edit form gets back what pages show); plain text as typed.
 */
export function storedDescription(description: string): { description: string; descriptionHtml: string } {
  const descriptionHtml = descriptionToHtml(description);
  return { description: isHtmlDescription(description) ? descriptionHtml : description, descriptionHtml };
}
