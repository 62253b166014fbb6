import { escapeHtml } from '../../lib/html';

/**
 * The HTML pages render for a description: the text escaped, blank lines making paragraphs and
 * single line breaks `<br>`. Nothing the organiser typed is ever stored as markup.
 */
export function descriptionToHtml(description: string): string {
  return description
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
