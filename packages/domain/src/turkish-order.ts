/**
 * Turkish alphabetical order: Ç after C, Ğ after G, I (dotless) before İ, Ö after O, Ş after S, Ü
 * after U. Lists in the browser sort with Intl.Collator('tr') (compareTurkish); the database cannot
 * collate so on both SQLite and PostgreSQL, so the server stores a key that sorts byte by byte in
 * that same order (turkishSortKey) and orders by it.
 */

let collator: Intl.Collator | undefined;

/** Compares two texts in Turkish order, for Array.prototype.sort. */
export function compareTurkish(a: string, b: string): number {
  collator ??= new Intl.Collator('tr');
  return collator.compare(a, b);
}

/** The Latin letters in Turkish order, with q, w and x where a Turkish collator puts them. */
const ALPHABET = 'abcçdefgğhıijklmnoöpqrsştuüvwxyz';

/**
 * Each letter becomes a character of the Private Use Area in alphabet order: they sort after
 * spaces, punctuation and digits (all ASCII), as the collator puts them, and their UTF-8 bytes keep
 * code point order, so SQLite's binary collation and PostgreSQL's "C" collation order the keys alike.
 */
const LETTER_BASE = 0xe000;
const LETTERS = new Map(
  [...ALPHABET].map((letter, index) => [letter, String.fromCharCode(LETTER_BASE + index)]),
);

/** The marks Turkish letters are written with; other letters lose their accents, as a collator's first level ignores them. */
const TURKISH_MARKS = /[\u0300-\u036f]/g;

/**
 * A key whose binary order is the Turkish order of the texts, case and accents aside ("Çanakkale"
 * sorts after "Cyprus" and before "Denizli"; "Iğdır" before "İzmir"). Names that differ only in case
 * get equal keys: the caller orders ties by id.
 */
export function turkishSortKey(text: string): string {
  let key = '';
  for (const char of text.normalize('NFC').trim().toLocaleLowerCase('tr')) {
    const letter = LETTERS.get(char);
    if (letter !== undefined) {
      key += letter;
      continue;
    }
    // "â" of "Kâzım" and other accented letters sort as their base letter; ç, ğ, ı, ö, ş and ü are
    // letters of their own and were matched above (their composed forms).
    const base = char.normalize('NFD').replace(TURKISH_MARKS, '');
    key += base.length === 1 ? (LETTERS.get(base) ?? base) : char;
  }
  return key;
}
