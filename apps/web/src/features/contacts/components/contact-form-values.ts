/** What the new-contact form's inputs hold. Select fields hold the literal 'null' for "none" (001 §2.3). */
export interface ContactFormValues {
  /** An agency id, or 'null' for a direct contact. */
  agencyId: string;
  source: string;
  name: string;
  surname: string;
  /** As the phone input gives it, e.g. "+905321234567". */
  phone: string;
  email: string;
  nationality: string;
  residency: string;
  gender: string;
  passportNumber: string;
  /** YYYY-MM-DD, empty, or the text typed when it is no date (refused on submit). */
  birthday: string;
  trIdNumber: string;
  city: string;
  occupation: string;
  maritalStatus: string;
  numberOfChildren: string;
  educationLevel: string;
  incomeLevel: string;
  /** Pounds as typed ("250.000"), read with the domain's readMoney; a stored budget as its number. */
  budget: number | string;
  preferredPayment: string;
  serviceCategory: string;
  roomNumber: string;
  /** Rich text (HTML). */
  notes: string;
}

export type ContactFormField = keyof ContactFormValues;

/** The select fields' "nothing chosen". */
export const NONE = 'null';

/** In the order of 001 §2.3; server and schema messages are kept only for these. */
export const CONTACT_FORM_FIELDS: readonly ContactFormField[] = [
  'agencyId',
  'source',
  'name',
  'surname',
  'phone',
  'email',
  'nationality',
  'residency',
  'gender',
  'passportNumber',
  'birthday',
  'trIdNumber',
  'city',
  'occupation',
  'maritalStatus',
  'numberOfChildren',
  'educationLevel',
  'incomeLevel',
  'budget',
  'preferredPayment',
  'serviceCategory',
  'roomNumber',
  'notes',
];

/** A blank form: budget 0, every select on 'null'. */
export const NEW_CONTACT_VALUES: ContactFormValues = {
  agencyId: NONE,
  source: NONE,
  name: '',
  surname: '',
  phone: '',
  email: '',
  nationality: NONE,
  residency: NONE,
  gender: NONE,
  passportNumber: '',
  birthday: '',
  trIdNumber: '',
  city: '',
  occupation: '',
  maritalStatus: NONE,
  numberOfChildren: NONE,
  educationLevel: NONE,
  incomeLevel: NONE,
  budget: 0,
  preferredPayment: NONE,
  serviceCategory: '',
  roomNumber: '',
  notes: '',
};
