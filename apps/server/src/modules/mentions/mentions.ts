/** Mentions in sanitised rich text: `<span data-mention="12">@Name</span>`, the id being what counts. */
const MENTION = /<span data-mention="(\d+)">[^<]*<\/span>/g;

export function mentionedUserIds(html: string): number[] {
  return [...new Set([...html.matchAll(MENTION)].map((match) => Number(match[1])))];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Each mention reads as its user's current name (a renamed colleague is shown by their new name). */
export function withCurrentNames(html: string, names: Map<number, string>): string {
  return html.replace(MENTION, (whole, id: string) => {
    const name = names.get(Number(id));
    return name === undefined ? whole : `<span data-mention="${id}">@${escapeHtml(name)}</span>`;
  });
}
