import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from users is kept only as the small set of formatting the editor produces: no
 * scripts, no event handlers, no styles, links limited to http(s) and mailto.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'a',
      'ul',
      'ol',
      'li',
      'h1',
      'h2',
      'h3',
      'blockquote',
      'code',
      'pre',
      'hr',
      'span',
    ],
    // A mention is <span data-mention="{user id}">; its text is replaced by the user's name on read.
    allowedAttributes: { a: ['href', 'target', 'rel'], span: ['data-mention'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
      span: (tagName, attribs) => {
        const id = attribs['data-mention'];
        const kept: sanitizeHtml.Attributes = id && /^[1-9]\d{0,9}$/.test(id) ? { 'data-mention': id } : {};
        return { tagName, attribs: kept };
      },
    },
  }).trim();
}

/** The visible text of sanitised HTML, for length rules and "is it empty". */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}
