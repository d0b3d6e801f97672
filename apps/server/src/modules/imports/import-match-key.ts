import type { DuplicateKey } from '../records/duplicate-spec.js';
import type { ImportAdapter } from '../records/import-adapter.js';

/** What an import's rows may be matched on. */
export type MatchKey = 'email' | 'phone' | 'both' | 'id' | 'title';

/**
 * The key an import's rows are matched on: the one asked for when the kind has it, else the kind's
 * own (a deal has no e-mail, so it matches on its id), else e-mail. Resolved before the options are
 * stored, so that the import reports the key its rows were matched on, not the one it was sent.
 */
export function matchKeyOf(kind: ImportAdapter, asked: MatchKey | undefined): MatchKey {
  const keys = kind.record.duplicates.keys as readonly DuplicateKey<unknown>[];
  const has = (name: string) => keys.some((key) => key.name === name);
  if (asked && (asked === 'both' ? has('email') && has('phone') : has(asked))) return asked;
  // The adapters name their default among the keys a MatchKey lists (deals: 'id').
  return (kind.defaultKey as MatchKey | undefined) ?? asked ?? 'email';
}
