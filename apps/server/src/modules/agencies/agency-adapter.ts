import { type AgencyForm, agencyMessages } from '@crm/domain';
import type { RecordAdapter } from '../records/record-adapter.js';
import { lockVersion } from '../versions/versions.repository.js';
import { findAgency } from './agencies.repository.js';
import { agencyDuplicateSpec } from './agency-duplicates.js';
import { type Agency, toAgency } from './agency-mapper.js';
import { writeAgency } from './agency-write.js';

/** Agencies as the shared features see them (merge, duplicates, an import's undo). */
export const agencyAdapter: RecordAdapter<Agency, AgencyForm> = {
  kind: 'agency',
  notFound: agencyMessages.agencyNotFound,
  read: async (db, id) => {
    const row = await findAgency(db, id);
    return row && toAgency(row);
  },
  lock: async (w, id) => {
    await lockVersion(w.db, 'agencies', id);
    const row = await findAgency(w.db, id);
    return row && toAgency(row);
  },
  write: (w, id, change) => writeAgency(w, id, change),
  // Labels as the partner screens show them; the history names them by the same keys.
  mergeFields: [
    { field: 'name', label: 'Agency Name', history: 'name' },
    { field: 'officeNumber', label: 'Office Number', history: 'officeNumber', with: ['countryCode'] },
    { field: 'email', label: 'Email', history: 'email' },
    { field: 'commissionRate', label: 'Commission Rate', history: 'commissionRate' },
    { field: 'country', label: 'Country', history: 'country' },
    { field: 'city', label: 'City', history: 'city' },
    { field: 'type', label: 'Size', history: 'type' },
    {
      field: 'parentAgencyId',
      label: 'Parent Agency',
      history: 'parentAgency',
      shown: (agency) => agency.parentAgency?.name ?? null,
      // An agency cannot become its own parent: the other's link to the survivor stays out.
      skip: (survivor, other) => other.parentAgencyId === survivor.id,
    },
  ],
  label: (agency) => `${agency.name} (#${agency.id})`,
  duplicates: agencyDuplicateSpec as never,
};

/** The fields a merge of agencies lets a person choose between. */
export const AGENCY_MERGE_FIELDS = agencyAdapter.mergeFields.map((f) => f.field) as [string, ...string[]];
export type { Agency } from './agency-mapper.js';
