import { z } from 'zod';
import { fileResponse } from '../files/files.schemas.js';

const ref = z.object({ id: z.number(), name: z.string() });

export const contactResponse = z.object({
  id: z.number(),
  type: z.enum(['LEAD', 'CUSTOMER']),
  name: z.string(),
  surname: z.string(),
  phone: z.string(),
  countryCode: z.string().nullable(),
  email: z.string().nullable(),
  nationality: z.string().nullable(),
  residency: z.string().nullable(),
  gender: z.string().nullable(),
  passportNumber: z.string().nullable(),
  birthday: z.string().nullable(),
  trIdNumber: z.string().nullable(),
  city: z.string().nullable(),
  occupation: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  numberOfChildren: z.number().nullable(),
  educationLevel: z.string().nullable(),
  incomeLevel: z.string().nullable(),
  budget: z.number(),
  preferredPayment: z.string().nullable(),
  serviceCategory: z.string().nullable(),
  roomNumber: z.string().nullable(),
  source: z.string().nullable(),
  notes: z.string(),
  agencyId: z.number().nullable(),
  agency: ref.nullable(),
  owner: ref,
  assignedToId: z.number().nullable(),
  assignedTo: ref.nullable(),
  completeness: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Answered as the ETag too; an edit sends it back (If-Match or `version`). */
  version: z.number(),
});

/** A row of GET /api/contacts: what the list shows and its row actions (View, Convert) need. */
export const contactListRowResponse = contactResponse.pick({
  id: true,
  type: true,
  name: true,
  surname: true,
  phone: true,
  countryCode: true,
  email: true,
  nationality: true,
  residency: true,
  gender: true,
  source: true,
  agencyId: true,
  agency: true,
  owner: true,
  assignedToId: true,
  assignedTo: true,
  completeness: true,
  isActive: true,
  createdAt: true,
  updatedAt: true,
});

export const contactDetailResponse = contactResponse.extend({ files: z.array(fileResponse) });

export const duplicateResponse = z.object({
  id: z.number(),
  type: z.enum(['LEAD', 'CUSTOMER']),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  matchedOn: z.array(z.enum(['name', 'email', 'phone'])),
});

export const activityResponse = z.object({
  id: z.number(),
  type: z.enum(['created', 'conversion', 'edited']),
  timestamp: z.string(),
  user: z.object({ name: z.string() }).nullable(),
  contactId: z.number(),
  contactName: z.string(),
  contactType: z.enum(['LEAD', 'CUSTOMER']),
  name: z.string(),
  surname: z.string(),
  owner: z.object({ name: z.string() }),
  createdAt: z.string(),
  field: z.string().nullable(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
});

/** A row of an agency's Customers tab: its contacts, as GET contacts pages them. */
export const agencyCustomerResponse = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  type: z.enum(['LEAD', 'CUSTOMER']),
  phone: z.string(),
  createdAt: z.string(),
  agency: z.object({ id: z.number(), name: z.string() }).nullable(),
});
