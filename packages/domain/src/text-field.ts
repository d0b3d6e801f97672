// Apart from text.ts, whose folding the lists use without zod.
import { z } from 'zod';

/** A required text field: trimmed, refused when blank with the given message. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(max);
}
