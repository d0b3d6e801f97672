import { enumLabel } from '@crm/domain';
import { formatFieldValue, type PhoneFormat } from '../../../lib/format';

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

/**
 * 'HIGH_SCHOOL' reads 'Secondary School', 'MIDDLE' its band in STG, 'MALE' 'Male', a budget in
 * pounds ("—" when unknown), a birthday day first: the formatting module's reading of a field.
 */
export function contactValueLabel(field: string, value: string, phone?: PhoneFormat): string {
  return formatFieldValue(field, value, phone);
}
