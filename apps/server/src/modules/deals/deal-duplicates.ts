import { foldCase, ID_MAX } from '@crm/domain';
import { sql } from 'kysely';
import type { DuplicateSpec } from '../records/duplicate-spec.js';

/** A row's keys: the ID cell, and its contact (as the import found it) with its title. */
export interface DealKeyFields {
  id: string;
  contactId: number | null;
  title: string;
}

export interface DealDuplicateRow {
  id: number;
  /** The title, under the name the import's sentences show ("Already exists: Harbour flat"). */
  name: string;
  contact_title_key: string;
}

/** The generated `contact_title_key` of a deal (migration 0031): "{contact id}:{folded title}". */
export const contactTitleKey = (contactId: number, title: string) => `${contactId}:${foldCase(title.trim())}`;

/**
 * How an import finds the deal a row is: by its ID (a file exported and imported again), or by its
 * title and contact together. Either names one deal, so a row sharing one with a deal it does not
 * update is skipped rather than made a twin. Only active deals count: a deal an undone import
 * deactivated can be imported again.
 */
export const dealDuplicateSpec: DuplicateSpec<DealKeyFields, DealDuplicateRow> = {
  table: 'deals',
  keys: [
    {
      name: 'id',
      label: 'ID',
      column: 'id',
      of: (fields) => {
        const id = /^\d{1,10}$/.test(fields.id.trim()) ? Number(fields.id.trim()) : 0;
        return id > 0 && id <= ID_MAX ? String(id) : null;
      },
      identifies: true,
    },
    {
      name: 'title',
      label: 'title and contact',
      column: 'contact_title_key',
      of: (fields) =>
        fields.contactId && fields.title.trim() ? contactTitleKey(fields.contactId, fields.title) : null,
      identifies: true,
    },
  ],
  candidates: sql`is_active = 1`,
  columns: ['id', 'title', 'contact_title_key'],
  row: (raw) => ({
    id: Number(raw.id),
    name: String(raw.title),
    contact_title_key: String(raw.contact_title_key),
  }),
};
