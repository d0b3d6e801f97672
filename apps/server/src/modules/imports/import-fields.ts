import { looseKey } from './import-values.js';

/** A field a column can be mapped to: its key, the label the screens show, and other names for it. */
export interface ImportField {
  key: string;
  label: string;
  aliases: string[];
}

export const CONTACT_IMPORT_FIELDS: ImportField[] = [
  { key: 'name', label: 'First Name', aliases: ['Name', 'Firstname', 'Given Name', 'Forename', 'Ad', 'Adı'] },
  { key: 'surname', label: 'Surname', aliases: ['Last Name', 'Lastname', 'Family Name', 'Soyad', 'Soyadı'] },
  {
    key: 'phone',
    label: 'Phone Number',
    aliases: ['Phone', 'Mobile', 'Mobile Phone', 'Telephone', 'Tel', 'GSM', 'Cell', 'Telefon'],
  },
  { key: 'countryCode', label: 'Country Code', aliases: ['Calling Code', 'Dial Code', 'Phone Country Code'] },
  { key: 'email', label: 'E-Mail', aliases: ['Email', 'Email Address', 'E-Mail Address', 'Mail', 'E-posta'] },
  { key: 'nationality', label: 'Nationality', aliases: ['Citizenship', 'Uyruk'] },
  {
    key: 'residency',
    label: 'Country of Residency',
    aliases: ['Residency', 'Residence', 'Country of Residence', 'Country'],
  },
  { key: 'gender', label: 'Gender', aliases: ['Sex', 'Cinsiyet'] },
  { key: 'passportNumber', label: 'Passport No', aliases: ['Passport', 'Passport Number', 'Pasaport No'] },
  {
    key: 'birthday',
    label: 'Birthday',
    aliases: ['Date of Birth', 'Birth Date', 'Birthdate', 'DOB', 'Doğum Tarihi'],
  },
  {
    key: 'trIdNumber',
    label: 'T.R ID no',
    aliases: ['TR ID', 'TR ID Number', 'T.C. Kimlik No', 'TC Kimlik', 'TCKN', 'National ID'],
  },
  { key: 'city', label: 'City', aliases: ['Town', 'Şehir', 'Il'] },
  { key: 'occupation', label: 'Occupation', aliases: ['Job', 'Profession', 'Meslek'] },
  { key: 'maritalStatus', label: 'Marital Status', aliases: ['Marital', 'Medeni Hal'] },
  { key: 'numberOfChildren', label: 'Number of Children', aliases: ['Children', 'Kids'] },
  { key: 'educationLevel', label: 'Education Level', aliases: ['Education'] },
  { key: 'incomeLevel', label: 'Income Level', aliases: ['Income'] },
  { key: 'budget', label: 'Budget', aliases: ['Budget (£)', 'Budget STG'] },
  {
    key: 'preferredPayment',
    label: 'Preferred Payment Method',
    aliases: ['Preferred Payment', 'Payment', 'Payment Method'],
  },
  { key: 'serviceCategory', label: 'Service Category', aliases: ['Service'] },
  { key: 'roomNumber', label: 'Room Number', aliases: ['Room'] },
  { key: 'source', label: 'Source', aliases: ['Lead Source', 'Channel', 'Kaynak'] },
  { key: 'agency', label: 'Agency', aliases: ['Partner', 'Agency Name', 'Partner Agency', 'Agency Email'] },
  { key: 'assignedTo', label: 'Assigned To', aliases: ['Assignee', 'Owner', 'Sales Rep', 'Responsible'] },
  { key: 'notes', label: 'Notes', aliases: ['Note', 'Comments', 'Comment', 'Remarks'] },
];

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
