/**
 * What other modules may read of agencies: whether one exists, its name for a record linking to
 * it. Writes go through agency-write.ts; nothing outside this module reads the repository.
 */
export {
  agencyChildIds,
  agencyNameAndState,
  findAgencyByNameOrEmail,
  salesRepIdsOf,
} from './agencies.repository.js';
