import type { RawBuilder, SqlBool } from 'kysely';

/**
 * How a record kind finds its duplicates: the keys that make two records one person or partner,
 * each kept folded in an indexed column written with the record. One lookup (duplicates.repository)
 * serves every caller through this: the forms while they are typed, a saved record's warning, an
 * import's rows and the duplicates screen. A new record kind brings its own spec.
 */
export interface DuplicateKey<Fields> {
  /** How the answers name the key ('name', 'email', 'phone'). */
  name: string;
  /** How a sentence names it ("Same e-mail as row 4"). */
  label: string;
  /** The indexed column that holds it. */
  column: string;
  /** The key of typed or stored fields; null when it is empty and so matches nothing. */
  of: (fields: Fields) => string | null;
  /** Sharing it means the same record (an import skips such a row rather than make a twin). */
  identifies: boolean;
}

export interface DuplicateSpec<Fields, Row> {
  table: 'contacts' | 'agencies' | 'deals';
  keys: readonly DuplicateKey<Fields>[];
  /** Which records can be someone's duplicate (active contacts; agencies not merged away; active deals). */
  candidates: RawBuilder<SqlBool>;
  /** The columns a match answers with, the key columns among them. */
  columns: readonly string[];
  /** Rows as read, typed (the repository reads them by column name). */
  row: (raw: Record<string, unknown>) => Row;
}

/** A record that shares at least one key with what was asked, and which keys it shares. */
export interface DuplicateMatch<Row> {
  row: Row;
  on: string[];
}
