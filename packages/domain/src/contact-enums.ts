// The enumerations, their labels and the messages, apart from the schemas: the web app's lists need
// no zod.
export const CONTACT_TYPES = ['LEAD', 'CUSTOMER'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
export const GENDERS = ['MALE', 'FEMALE'] as const;
export const MARITAL_STATUSES = ['SINGLE', 'MARRIED'] as const;
export const EDUCATION_LEVELS = [
  'PRIMARY_SCHOOL',
  'HIGH_SCHOOL',
  'ASSOCIATE_DEGREE',
  'BACHELORS_DEGREE',
  'MASTERS_DEGREE',
  'PHD',
] as const;
export const INCOME_LEVELS = ['LOW', 'LOWER_MIDDLE', 'MIDDLE', 'UPPER_MIDDLE', 'HIGH', 'PREMIUM'] as const;
export const PREFERRED_PAYMENTS = ['CASH', 'INSTALLMENT', 'CREDIT'] as const;
export const SOURCES = ['Direct Call', 'Facebook', 'Google Ads', 'Referral', 'Instagram', 'Walk-in'] as const;

/** Labels shown for enumeration values; HIGH_SCHOOL reads 'Secondary School' on some screens. */
export const EDUCATION_LABELS: Record<(typeof EDUCATION_LEVELS)[number], string> = {
  PRIMARY_SCHOOL: 'Primary School',
  HIGH_SCHOOL: 'Secondary School',
  ASSOCIATE_DEGREE: 'Associate Degree',
  BACHELORS_DEGREE: "Bachelor's Degree",
  MASTERS_DEGREE: "Master's Degree",
  PHD: 'PhD',
};

/** Income bands in STG (specification 001 §3). */
export const INCOME_BANDS: Record<(typeof INCOME_LEVELS)[number], string> = {
  LOW: '0 – 1,000 STG',
  LOWER_MIDDLE: '1,001 – 3,000 STG',
  MIDDLE: '3,001 – 6,000 STG',
  UPPER_MIDDLE: '6,001 – 10,000 STG',
  HIGH: '10,001 – 15,000 STG',
  PREMIUM: '15,001+ STG',
};

export const CONTACT_NOTES_MAX = 1000;
export const CHILDREN_MAX = 10;

export const contactMessages = {
  nameRequired: 'First name is required',
  surnameRequired: 'Surname is required',
  phoneRequired: 'Phone is required',
  phoneLength: 'Phone must be 6–15 digits',
  emailFormat: 'Invalid email format',
  budgetMin: 'Budget must be at least 0',
  notesMax: 'Notes can be at most 1,000 characters',
  sourceRequired: 'Source is required',
  nationalityRequired: 'Nationality is required',
  residencyRequired: 'Residency is required',
  genderRequired: 'Gender is required',
  childrenRange: 'Number of children must be between 0 and 10',
  birthdayInvalid: 'Birthday is not a date: write it as dd.mm.yyyy, such as 08.12.1992',
  birthdayFuture: 'Birthday cannot be in the future',
  contactNotFound: 'Contact not found.',
  agencyNotFound: 'Agency not found',
  assigneeNotFound: 'The chosen user does not exist or is inactive',
  alreadyCustomer: 'This contact is already a customer',
  assignAdminOnly: 'Only an administrator can assign contacts',
  created: (type: ContactType) => `${type === 'LEAD' ? 'Lead' : 'Customer'} created successfully!`,
  saveFailed: 'Failed to save contact',
  updated: 'Contact updated',
  updateFailed: 'Update failed',
  converted: 'Lead successfully converted to customer!',
  conversionFailed: 'Conversion failed',
  deactivated: 'Contact deactivated!',
  bulkDeactivated: 'Selected contacts deactivated!',
  deactivateFailed: 'Failed to deactivate contact',
  reassigned: 'Contacts reassigned!',
  reassignFailed: 'Failed to reassign contacts',
  noChanges: 'No changes detected',
} as const;
