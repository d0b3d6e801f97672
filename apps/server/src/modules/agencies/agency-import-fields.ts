import type { ImportField } from '../records/import-adapter.js';

/** The columns a partner import maps: each field's key, the label the screens show, other names for it. */
export const AGENCY_IMPORT_FIELDS: ImportField[] = [
  { key: 'name', label: 'Agency Name', aliases: ['Name', 'Partner', 'Partner Name', 'Company'] },
  {
    key: 'officeNumber',
    label: 'Office Number',
    aliases: ['Phone', 'Phone Number', 'Office Phone', 'Telephone', 'Tel'],
  },
  { key: 'countryCode', label: 'Country Code', aliases: ['Calling Code', 'Dial Code'] },
  { key: 'email', label: 'Email', aliases: ['E-Mail', 'Email Address', 'Mail'] },
  { key: 'commissionRate', label: 'Commission Rate', aliases: ['Commission', 'Commission %', 'Rate'] },
  { key: 'country', label: 'Country', aliases: [] },
  { key: 'city', label: 'City', aliases: ['Town'] },
  { key: 'type', label: 'Size', aliases: ['Type', 'Agency Type'] },
  { key: 'parentAgency', label: 'Parent Agency', aliases: ['Parent', 'Main Agency', 'Level'] },
  {
    key: 'salesReps',
    label: 'Assigned Sales Reps',
    aliases: ['Sales Reps', 'Sales Representatives', 'Sales Rep', 'Assigned To', 'Representatives'],
  },
];
