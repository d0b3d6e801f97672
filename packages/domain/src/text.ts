/**
 * Lower case for matching. JavaScript lowers the Turkish capital İ to "i" plus a combining dot;
 * folding that back to "i" lets "İpek" match "ipek", as users expect. The dotless ı folds to "i"
 * too: JavaScript lowers "IŞIK" to "işik" while the name is written "Işık", and people type either.
 * Sort keys are folded this way: they keep ş, ğ, ç, ö and ü apart from s, g, c, o and u.
 */
export function foldCase(value: string): string {
  return value
    .toLowerCase()
    .replace(/i\u0307/g, 'i')
    .replace(/ı/g, 'i');
}

/**
 * The Turkish letters a search takes for their plain Latin twins, lower case only (foldCase has
 * lowered the capitals): people type Turkish names on English keyboards, so "sukru dagdelen" must
 * find "Şükrü Dağdelen". The circumflexed â, î and û of "Kâzım" are folded too. Other accents are
 * not: the server folds stored keys with these same pairs in SQL (db/search-fold.ts), and changing
 * them needs a migration that folds the stored keys again (as 0018 did).
 */
export const SEARCH_FOLDS: Readonly<Record<string, string>> = {
  ş: 's',
  ğ: 'g',
  ç: 'c',
  ö: 'o',
  ü: 'u',
  â: 'a',
  î: 'i',
  û: 'u',
};

const FOLDED_LETTERS = new RegExp(`[${Object.keys(SEARCH_FOLDS).join('')}]`, 'g');

/**
 * What a search compares, on both sides: foldCase, then the Turkish letters as their plain twins.
 * "ŞÜKRÜ", "şükrü", "Sukru" and "SUKRU" all read "sukru".
 */
export function searchFold(value: string): string {
  return foldCase(value).replace(FOLDED_LETTERS, (letter) => SEARCH_FOLDS[letter] ?? letter);
}
