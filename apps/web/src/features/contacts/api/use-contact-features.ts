import { useQuery } from '@tanstack/react-query';
import { contactKeys } from './contact-keys';
import { type ContactFeatures, fetchContactFeatures } from './fetch-contact-features';

const NO_OPTIONAL_FIELDS: ContactFeatures = { serviceCategory: false, roomNumber: false };

/** Which optional contact fields this deployment shows; none until the config has loaded. */
export function useContactFeatures(): ContactFeatures {
  const { data } = useQuery({
    queryKey: contactKeys.features,
    queryFn: ({ signal }) => fetchContactFeatures(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? NO_OPTIONAL_FIELDS;
}
