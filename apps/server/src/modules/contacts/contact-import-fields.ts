import type { ImportField } from '../records/import-adapter.js';

/** The columns a contact import maps: each field's key, the label the screens show, other names for it. */
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
