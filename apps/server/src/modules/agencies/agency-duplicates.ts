import { agencyDuplicateKeys } from '@crm/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { DuplicateSpec } from '../records/duplicate-spec.js';
import { findByKeys } from '../records/duplicates.repository.js';
import type { agencyDuplicatesResponse } from './agencies.schemas.js';

export interface AgencyKeyFields {
  email: string;
  officeNumber: string;
}

export interface AgencyDuplicateRow {
  id: number;
  name: string;
  email: string;
  office_number: string;
  email_key: string;
}

/**
 * The specification's rule (002 §4): another agency with the same trimmed, case-insensitive e-mail
 * or the same trimmed office number. Inactive agencies count (they can be reactivated); a merged
 * one lives on in its survivor and is no longer anyone's duplicate.
 */
export const agencyDuplicateSpec: DuplicateSpec<AgencyKeyFields, AgencyDuplicateRow> = {
  table: 'agencies',
  keys: [
    {
      name: 'email',
      label: 'e-mail',
      column: 'email_key',
      of: (fields) => agencyDuplicateKeys(fields).email || null,
      identifies: true,
    },
    {
      name: 'phone',
      label: 'office number',
      column: 'office_number',
      of: (fields) => agencyDuplicateKeys(fields).officeNumber || null,
      identifies: true,
    },
  ],
  candidates: sql`merged_into_id is null`,
  columns: ['id', 'name', 'email', 'office_number', 'email_key'],
  row: (raw) => raw as unknown as AgencyDuplicateRow,
};

const LABELS = { email: 'Email', phone: 'Phone' } as const;

/** A saved agency's warning and the forms while they are typed (`excludeId` 0 for a new one). */
export async function matchAgencyDuplicates(
  db: Db,
  typed: AgencyKeyFields,
  excludeId: number,
): Promise<z.output<typeof agencyDuplicatesResponse>> {
  const values = Object.fromEntries(
    agencyDuplicateSpec.keys.map((key) => {
      const value = key.of(typed);
      return [key.name, value ? [value] : []];
    }),
  );
  const matches = await findByKeys(db, agencyDuplicateSpec, values, { excludeId, limit: 20 });
  const agencies = matches.map(({ row, on }) => ({
    id: row.id,
    name: row.name,
    matchedOn: on.map((key) => LABELS[key as keyof typeof LABELS]),
  }));
  const fields = (['Email', 'Phone'] as const).filter((field) =>
    agencies.some((a) => a.matchedOn.includes(field)),
  );
  return { fields, agencies };
}
