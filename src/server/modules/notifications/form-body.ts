/**
 * The fields of a form body, as a mail program's one-click (RFC 8058 asks for multipart/form-data or
 * application/x-www-form-urlencoded) or a browser posts it: each name once (the last value wins), text only; null for
 * an empty body. A multipart body without its boundary, or parts without a name, give no fields, which the route's
 * schema then refuses.
 */
export function readFormFields(contentType: string, body: string): Record<string, string> | null {
  if (body.length === 0) return null;
  if (!/^multipart\/form-data\b/i.test(contentType)) return Object.fromEntries(new URLSearchParams(body));
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const delimiter = boundary && `--${boundary[1] ?? boundary[2]}`;
  if (!delimiter) return {};
  const fields = new Map<string, string>();
  // The preamble before the first delimiter and the epilogue after the last (`--`) hold no part.
  for (const part of body.split(delimiter).slice(1)) {
    if (part.startsWith('--')) break;
    const headersEnd = part.indexOf('\r\n\r\n');
    const name = /^content-disposition:\s*form-data;[^\r\n]*?\bname="([^"]*)"/im.exec(part.slice(0, Math.max(headersEnd, 0)))?.[1];
    if (headersEnd < 0 || name === undefined) continue;
    fields.set(name, part.slice(headersEnd + 4).replace(/\r\n$/, ''));
  }
  return Object.fromEntries(fields);
}
