/** The country list lives in the domain package: imports translate country names and codes by it. */
export { COUNTRIES, NORTH_CYPRUS } from '@crm/domain';
