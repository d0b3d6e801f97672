import type { ContactType } from '@crm/domain';

/** Query keys: everything under ['contacts'] is refreshed after a change to any contact. */
export const contactKeys = {
  all: ['contacts'] as const,
  lists: ['contacts', 'list'] as const,
  list: (type: ContactType) => ['contacts', 'list', type] as const,
  allAgencyOptions: ['contacts', 'agency-options'] as const,
  agencyOptions: (search: string) => ['contacts', 'agency-options', search] as const,
  assignableUsers: ['contacts', 'assignable-users'] as const,
};
