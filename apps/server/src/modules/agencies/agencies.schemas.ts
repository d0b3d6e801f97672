import { AGENCY_TYPES } from '@crm/domain';
import { z } from 'zod';
import { fileResponse } from '../files/files.schemas.js';

export const agencyResponse = z.object({
  id: z.number(),
  name: z.string(),
  officeNumber: z.string(),
  countryCode: z.string().nullable(),
  email: z.string(),
  commissionRate: z.number(),
  country: z.string(),
  city: z.string(),
  type: z.enum(AGENCY_TYPES),
  parentAgencyId: z.number().nullable(),
  parentAgency: z.object({ id: z.number(), name: z.string() }).nullable(),
  isActive: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});

export const salesRepResponse = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  isActive: z.boolean(),
});

export const agencyDetailResponse = agencyResponse.extend({
  assignedSalesRepIds: z.array(z.number()),
  assignedSalesReps: z.array(salesRepResponse),
  files: z.array(fileResponse),
});

export const bulkResponse = z.object({ count: z.number(), message: z.string() });

export const staffResponse = z.object({
  id: z.number(),
  position: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  contact: z.object({
    id: z.number(),
    name: z.string(),
    surname: z.string(),
    email: z.string().nullable(),
    phone: z.string(),
  }),
});

export const agencyDuplicatesResponse = z.object({
  fields: z.array(z.enum(['Email', 'Phone'])),
  agencies: z.array(
    z.object({ id: z.number(), name: z.string(), matchedOn: z.array(z.enum(['Email', 'Phone'])) }),
  ),
});
