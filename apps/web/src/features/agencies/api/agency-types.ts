import type { AgencyType, ContactType } from '@crm/domain';

/** An agency as the list and the status calls answer it (apps/server agencies.schemas.ts). */
export interface Agency {
  id: number;
  name: string;
  /** Digits only, with the calling code, e.g. "905321234567". */
  officeNumber: string;
  countryCode: string | null;
  email: string;
  /** Percent, 0 to 100 with two decimals. */
  commissionRate: number;
  country: string;
  city: string;
  type: AgencyType;
  parentAgencyId: number | null;
  parentAgency: { id: number; name: string } | null;
  isActive: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  /** Sent back with an edit, so that a change made meanwhile by someone else is not overwritten. */
  version: number;
}

export interface SalesRep {
  id: number;
  name: string;
  email: string;
  isActive: boolean;
}

export interface AgencyFile {
  id: number;
  name: string;
  filename: string;
  url: string;
  validUntil: string;
  isActive: boolean;
}

/** GET /api/agencies/{id}. */
export interface AgencyDetail extends Agency {
  assignedSalesRepIds: number[];
  assignedSalesReps: SalesRep[];
  files: AgencyFile[];
}

export type DuplicateField = 'Email' | 'Phone';

/** GET /api/agencies/{id}/duplicates. */
export interface AgencyDuplicates {
  fields: DuplicateField[];
  agencies: { id: number; name: string; matchedOn: DuplicateField[] }[];
}

/** PUT agencies/bulk-*, PATCH agencies/{id}/staff/bulk-*. */
export interface BulkResult {
  count: number;
  message: string;
}

export interface StaffMember {
  id: number;
  /** OWNER, BROKER, MANAGER or SALES_REPRESENTATIVE. */
  position: string;
  isActive: boolean;
  createdAt: string;
  contact: { id: number; name: string; surname: string; email: string | null; phone: string };
}

/** A row of GET /api/agencies/{id}/customers. */
export interface AgencyCustomer {
  id: number;
  name: string;
  surname: string;
  email: string | null;
  type: ContactType;
  phone: string;
  createdAt: string;
  agency: { id: number; name: string } | null;
}

/** The part of a contact the Add Staff picker needs (GET /api/contacts?agencyId=…). */
export interface AgencyContact {
  id: number;
  name: string;
  surname: string;
  email: string | null;
  phone: string;
}

/** A user as the sales rep picker needs it (GET /api/users answers more to admins). */
export interface UserOption {
  id: number;
  name: string;
}

export type ActiveAction = 'activate' | 'deactivate';
