import { type ContactType, contactDuplicateKeys } from '@crm/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { DuplicateSpec } from '../records/duplicate-spec.js';
import { findByKeys } from '../records/duplicates.repository.js';
import type { duplicateResponse } from './contacts.schemas.js';

export interface ContactKeyFields {
  name: string;
  surname: string;
  email: string | null;
  phone: string;
}

export interface ContactDuplicateRow {
  id: number;
  type: ContactType;
  name: string;
  surname: string;
  email: string | null;
  phone: string;
  name_fold: string;
  email_key: string;
}

const hasName = (fields: ContactKeyFields) => fields.name.trim() !== '' && fields.surname.trim() !== '';

/**
 * The specification's rule (001 §5): another active contact with the same trimmed, case-insensitive
 * name together with surname, or the same e-mail, or the same phone. The e-mail and the phone mean
 * the same person; a shared name alone is only noted. Names compare search-folded, through the
 * generated `name_fold` (migration 0018): "Sukru Dagdelen" is "Şükrü Dağdelen" typed on an English
 * keyboard. E-mails compare as written, in lower case.
 */
export const contactDuplicateSpec: DuplicateSpec<ContactKeyFields, ContactDuplicateRow> = {
  table: 'contacts',
  keys: [
    {
      name: 'name',
      label: 'name',
      column: 'name_fold',
      of: (fields) => (hasName(fields) ? contactDuplicateKeys(fields).fullName : null),
      identifies: false,
    },
    {
      name: 'email',
      label: 'e-mail',
      column: 'email_key',
      of: (fields) => contactDuplicateKeys(fields).email,
      identifies: true,
    },
    {
      name: 'phone',
      label: 'phone',
      column: 'phone',
      // Fewer digits than any valid phone has match too much to mean anything.
      of: (fields) => {
        const digits = contactDuplicateKeys(fields).phone;
        return digits && digits.length >= 6 ? digits : null;
      },
      identifies: true,
    },
  ],
  candidates: sql`is_active = 1`,
  columns: ['id', 'type', 'name', 'surname', 'email', 'phone', 'name_fold', 'email_key'],
  row: (raw) => raw as unknown as ContactDuplicateRow,
};

/** Each key of these fields, by the key's name, as findByKeys takes them. */
function contactKeyValues(fields: ContactKeyFields): Record<string, string[]> {
  return Object.fromEntries(
    contactDuplicateSpec.keys.map((key) => {
      const value = key.of(fields);
      return [key.name, value ? [value] : []];
    }),
  );
}

/**
 * Active contacts duplicating these fields: a saved record's banner and the forms while they are
 * typed (`excludeId` 0 for a record not saved yet).
 */
export async function matchContactDuplicates(
  db: Db,
  fields: ContactKeyFields,
  excludeId: number,
): Promise<z.output<typeof duplicateResponse>[]> {
  const matches = await findByKeys(db, contactDuplicateSpec, contactKeyValues(fields), {
    excludeId,
    limit: 20,
  });
  return matches.map(({ row, on }) => ({
    id: row.id,
    type: row.type,
    name: row.name,
    surname: row.surname,
    email: row.email,
    phone: row.phone,
    matchedOn: on as ('name' | 'email' | 'phone')[],
  }));
}
