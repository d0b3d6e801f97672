import { looseKey } from '../../lib/cell-values.js';

import type { ImportField } from '../records/import-adapter.js';

export type Mapping = (string | null)[];

/**
 * Each column's field, by the column's header read loosely against every field's key, label and
 * other names; a field goes to the first column that names it, and unknown columns are ignored.
 */
export function autoMapping(headers: string[], fields: ImportField[]): Mapping {
  const byName = new Map<string, string>();
  for (const field of fields) {
    for (const name of [field.key, field.label, ...field.aliases]) {
      const key = looseKey(name);
      if (!byName.has(key)) byName.set(key, field.key);
    }
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const field = byName.get(looseKey(header));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** A mapping the person sent: one entry per column, known fields only, each field at most once. */
export function checkMapping(mapping: Mapping, headers: string[], fields: ImportField[]): string | undefined {
  if (mapping.length !== headers.length)
    return `The mapping must have one entry per column (${headers.length})`;
  const known = new Set(fields.map((f) => f.key));
  const seen = new Set<string>();
  for (const field of mapping) {
    if (field === null) continue;
    if (!known.has(field)) return `Unknown field: ${field}`;
    if (seen.has(field))
      return `${fields.find((f) => f.key === field)?.label ?? field} is mapped to two columns`;
    seen.add(field);
  }
  if (seen.size === 0) return 'Map at least one column to a field';
  return undefined;
}
