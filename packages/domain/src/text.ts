import { z } from 'zod';

/** A required text field: trimmed, refused when blank with the given message. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(max);
}

/**
 * Lower case for matching. JavaScript lowers the Turkish capital İ to "i" plus a combining dot;
 * folding that back to "i" lets "İpek" match "ipek", as users expect. The dotless ı folds to "i"
 * too: JavaScript lowers "IŞIK" to "işik" while the name is written "Işık", and people type either.
 */
export function foldCase(value: string): string {
  return value
    .toLowerCase()
    .replace(/i\u0307/g, 'i')
    .replace(/ı/g, 'i');
}
