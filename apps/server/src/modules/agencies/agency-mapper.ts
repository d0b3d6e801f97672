import { type AgencyForm, type AgencyType, basisPointsToPercent } from '@crm/domain';
import type { z } from 'zod';
import type { AgencyRow } from './agencies.repository.js';
import type { agencyDetailResponse, agencyResponse } from './agencies.schemas.js';

export type Agency = z.output<typeof agencyResponse>;
export type AgencyDetail = z.output<typeof agencyDetailResponse>;

export function toAgency(row: AgencyRow): Agency {
  return {
    id: row.id,
    name: row.name,
    officeNumber: row.office_number,
    countryCode: row.country_code,
    email: row.email,
    commissionRate: basisPointsToPercent(row.commission_bp),
    country: row.country,
    city: row.city,
    type: row.type as AgencyType,
    parentAgencyId: row.parent_agency_id,
    parentAgency:
      row.parent_agency_id !== null && row.parent_name !== null
        ? { id: row.parent_agency_id, name: row.parent_name }
        : null,
    isActive: row.is_active === 1,
    createdBy: row.creator_name || row.creator_email || null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** The form's fields of a stored agency, as an edit would send them (reps in id order). */
export function formOf(agency: Agency, repIds: number[]): AgencyForm {
  return {
    name: agency.name,
    officeNumber: agency.officeNumber,
    countryCode: agency.countryCode,
    email: agency.email,
    commissionRate: agency.commissionRate,
    country: agency.country,
    city: agency.city,
    type: agency.type,
    parentAgencyId: agency.parentAgencyId,
    assignedSalesRepIds: [...repIds].sort((a, b) => a - b),
  };
}
