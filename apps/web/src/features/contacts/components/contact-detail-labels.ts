import { EDUCATION_LABELS, enumLabel, INCOME_BANDS } from '@crm/domain';

/** The labels of the contact fields, as the form and the detail grid show them. */
export const CONTACT_FIELD_LABELS: Record<string, string> = {
  name: 'First Name',
  surname: 'Surname',
  phone: 'Phone',
  countryCode: 'Country Code',
  email: 'Email',
  agency: 'Agency',
  agencyId: 'Agency',
  source: 'Source',
  nationality: 'Nationality',
  residency: 'Country of Residency',
  gender: 'Gender',
  passportNumber: 'Passport No',
  birthday: 'Birthday',
  trIdNumber: 'T.R ID No',
  city: 'City',
  occupation: 'Occupation',
  maritalStatus: 'Marital Status',
  numberOfChildren: 'Number of Children',
  educationLevel: 'Education Level',
  incomeLevel: 'Income Level',
  budget: 'Budget',
  preferredPayment: 'Preferred Payment Method',
  serviceCategory: 'Service Category',
  roomNumber: 'Room Number',
  notes: 'Notes',
  type: 'Type',
  assignedTo: 'Assigned To',
  isActive: 'Status',
};

export function contactFieldLabel(field: string): string {
  return CONTACT_FIELD_LABELS[field] ?? enumLabel(field.replace(/([a-z])([A-Z])/g, '$1_$2'));
}

function isKeyOf<T extends object>(record: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(record, key);
}

/** 'HIGH_SCHOOL' reads 'Secondary School', 'MIDDLE' its band in STG, 'MALE' 'Male'. */
export function contactValueLabel(field: string, value: string): string {
  switch (field) {
    case 'educationLevel':
      return isKeyOf(EDUCATION_LABELS, value) ? EDUCATION_LABELS[value] : value;
    case 'incomeLevel':
      return isKeyOf(INCOME_BANDS, value) ? `${enumLabel(value)} (${INCOME_BANDS[value]})` : value;
    case 'gender':
    case 'maritalStatus':
    case 'preferredPayment':
    case 'type':
      return enumLabel(value);
    case 'budget':
      return formatPounds(Number(value));
    case 'birthday':
      return value.slice(0, 10);
    case 'isActive':
      return value === 'true' ? 'Active' : value === 'false' ? 'Inactive' : value;
    default:
      return value;
  }
}

const POUNDS = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** "£12,500" (001 §3: the budget is shown with a pound sign). */
export function formatPounds(amount: number): string {
  return Number.isFinite(amount) ? `£${POUNDS.format(amount)}` : '';
}
