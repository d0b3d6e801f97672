import type { ContactType } from '@crm/domain';

/** The words of the list and form screens for each contact type (001 §2.2, §2.3). */
export const CONTACT_LABELS: Record<
  ContactType,
  { title: string; singular: string; searchPlaceholder: string; emptyTitle: string }
> = {
  LEAD: {
    title: 'Leads',
    singular: 'Lead',
    searchPlaceholder: 'Search leads...',
    emptyTitle: 'No Leads Found',
  },
  CUSTOMER: {
    title: 'Customers',
    singular: 'Customer',
    searchPlaceholder: 'Search customers...',
    emptyTitle: 'No Customers Found',
  },
};

/** The specification gives one hint for both lists. */
export const EMPTY_LIST_HINT = 'Try adjusting your search or add a new lead to get started.';

/** A list load failure is only logged (001 §8); the table still needs a line for its error state. */
export const LIST_LOAD_FAILED = 'Could not load contacts.';

export function fullName(contact: { name: string; surname: string }): string {
  return `${contact.name} ${contact.surname}`.trim();
}
