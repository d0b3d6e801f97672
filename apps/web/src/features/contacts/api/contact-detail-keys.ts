import { contactKeys } from './contact-keys';

/** Under contactKeys.all, so a change to any contact refreshes the detail too. */
export const contactDetailKeys = {
  detail: (id: number) => [...contactKeys.all, 'detail', id] as const,
  duplicates: (id: number) => [...contactKeys.all, 'detail', id, 'duplicates'] as const,
};
