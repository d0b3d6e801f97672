// The agencies' types, positions, labels and messages, apart from their schemas (agencies.ts): the
// lists import these, and importing a schema module would bring zod into their first load.

export const AGENCY_TYPES = ['COMPANY', 'INDIVIDUAL'] as const;
export type AgencyType = (typeof AGENCY_TYPES)[number];
export const STAFF_POSITIONS = ['OWNER', 'BROKER', 'MANAGER', 'SALES_REPRESENTATIVE'] as const;
export type StaffPosition = (typeof STAFF_POSITIONS)[number];
export const DEFAULT_STAFF_POSITION: StaffPosition = 'SALES_REPRESENTATIVE';

/** "SALES_REPRESENTATIVE" reads "Sales Representative". */
export function enumLabel(value: string): string {
  return value
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const agencyMessages = {
  nameRequired: 'Name is required',
  officeRequired: 'Office Number is required',
  officeLength: 'Office Number must be 6–15 digits',
  emailRequired: 'Email is required',
  emailFormat: 'Invalid email format',
  emailTld: 'Email must include a valid top‑level domain',
  commissionMin: 'Commission rate must be at least 0',
  commissionMax: 'Commission rate cannot exceed 100',
  commissionRequired: 'Commission rate is required',
  commissionNumber: 'Commission rate must be a number, such as 12,5 or 12.5',
  commissionStep: 'Commission rate can have at most 2 decimal places',
  countryRequired: 'Country is required',
  cityRequired: 'City is required',
  typeInvalid: 'Type must be either COMPANY or INDIVIDUAL',
  typeRequired: 'Type is required',
  repsMin: 'Please assign at least one sales representative',
  repsRequired: 'At least one sales representative is required',
  parentNotFound: 'Parent agency not found',
  parentSelf: 'An agency cannot be its own parent',
  parentCycle: 'An agency cannot be placed under one of its own sub-agencies',
  repNotFound: 'Every sales representative must be an active user',
  agencyNotFound: 'Agency not found',
  staffContactNotFound: 'The contact is not one of this agency’s contacts',
  staffAlreadyAdded: 'This contact is already on the agency’s staff',
  staffNotFound: 'Staff member not found',
  nothingToUpdate: 'Nothing to update',
} as const;
