import type { ProductType, REAL_ESTATE_STATUSES } from '@crm/domain';

export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  REAL_ESTATE: 'Real Estate',
  DORMITORY: 'Dormitory',
  MAINTENANCE: 'Maintenance',
};

type RealEstateStatus = (typeof REAL_ESTATE_STATUSES)[number];

export const REAL_ESTATE_STATUS_LABELS: Record<RealEstateStatus, string> = {
  AVAILABLE: 'Available',
  RESERVED: 'Reserved',
  SOLD: 'Sold',
};

/** A stored status as shown, e.g. "Available"; unknown values are shown as they are. */
export function realEstateStatusLabel(status: string): string {
  return (REAL_ESTATE_STATUS_LABELS as Record<string, string>)[status] ?? status;
}
