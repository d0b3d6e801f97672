import { TextDecoder } from 'node:util';
import chardet from 'chardet';
import iconv from 'iconv-lite';

/** An encoding by its iconv-lite name: 'utf-8', 'utf-16le', 'windows-1254', 'iso-8859-2', … */
export type Encoding = string;

/** The single-byte code pages a spreadsheet's "CSV" is written in; multi-byte guesses are not trusted. */
const SINGLE_BYTE = /^(iso-8859-\d{1,2}|windows-125\d|koi8-r)$/;
/** Excel writes the Windows pages; they hold the ISO ones' letters and more. */
const WINDOWS_OF: Record<string, string> = { 'iso-8859-1': 'windows-1252', 'iso-8859-9': 'windows-1254' };
/**
 * Tried first, so a tie goes to it: Windows-1254 (Excel's "CSV" on Turkish Windows) reads a
 * Windows-1252 file's letters alike except six (Ð Ý Þ ð ý þ, which are Ğ İ Ş ğ ı ş there), and
 * Turkish names are far more likely here than Icelandic ones.
 */
const PREFERRED = ['windows-1254', 'windows-1252'];

/**
 * Characters a wrong code page makes of letters: symbols, fractions, superscripts, controls and
 * unassigned bytes. Currency signs are left out (a budget may carry a £).
 */
const ODD = /[\p{So}\p{Sm}\p{Sk}\p{No}\p{Cn}\uFFFD]|[^\P{Cc}\t\r\n]/gu;

function oddCharacters(text: string): number {
  return text.match(ODD)?.length ?? 0;
}

/**
 * Whether bytes that are not valid UTF-8 are mostly UTF-8 all the same (more well-formed
 * multi-byte letters than broken sequences): a file damaged in transit or pasted together from
 * two encodings, which no code page would read right.
 */
function mostlyUtf8(head: Buffer): boolean {
  const text = new TextDecoder('utf-8').decode(head, { stream: true });
  let letters = 0;
  let broken = 0;
  for (const char of text) {
    if (char === '\uFFFD') broken++;
    else if ((char.codePointAt(0) ?? 0) > 0x7f) letters++;
  }
  return letters > broken;
}

/**
 * The encoding of a CSV file from its head (up to 64 KB) and whether the whole file is valid
 * UTF-8, or null when it cannot be read:
 * - a byte order mark says UTF-8 or UTF-16 LE/BE (UTF-8 that then breaks is refused);
 * - valid UTF-8 is UTF-8;
 * - UTF-8 with a few broken bytes is refused;
 * - otherwise chardet's single-byte guesses (and Windows-1254 and -1252) are each tried on the head,
 *   and the one that makes the fewest symbols of what should be letters wins: chardet alone often
 *   takes a short Turkish or Polish file for Latin-1.
 */
export function encodingOf(head: Buffer, validUtf8: boolean): Encoding | null {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (validUtf8) return 'utf-8';
  const utf8Bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
  if (utf8Bom || mostlyUtf8(head)) return null;
  const guesses = chardet
    .analyse(head)
    .map((match) => match.name.toLowerCase())
    .map((name) => WINDOWS_OF[name] ?? name)
    .filter((name) => SINGLE_BYTE.test(name) && iconv.encodingExists(name));
  let best: { encoding: Encoding; odd: number } | null = null;
  for (const encoding of new Set([...PREFERRED, ...guesses])) {
    const odd = oddCharacters(iconv.decode(head, encoding));
    if (!best || odd < best.odd) best = { encoding, odd };
  }
  return best?.encoding ?? null;
}
