import DOMPurify from 'dompurify';

/** The formatting the notes editor produces; the server keeps the same set (apps/server/src/lib/sanitize.ts). */
const ALLOWED_TAGS = [
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
];

let linksHardened = false;

/** Every link opens in a new tab without handing the app's window to the page it opens. */
function hardenLinks(): void {
  if (linksHardened) return;
  linksHardened = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

/** Notes are sanitised by the server when stored and again here before they are rendered. */
export function sanitizeRichText(html: string): string {
  hardenLinks();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    // data-mention names a mentioned user by id (styled in rich-text-editor.module.css).
    ALLOWED_ATTR: ['href', 'target', 'rel', 'data-mention'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
}

/** The visible text of rich text, with block boundaries as spaces (for excerpts and lengths). */
export function richTextToPlain(html: string): string {
  if (!html) return '';
  const spaced = html.replace(/<\/(p|li|h[1-3]|blockquote|pre)>|<br\s*\/?>/gi, '$& ');
  // A parsed document that is never attached: no script runs and no image loads.
  const doc = new DOMParser().parseFromString(spaced, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
