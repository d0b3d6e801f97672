import { phoneDigits } from '@crm/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiJson } from '../../../lib/api-client';
import type { AgencyDuplicates } from './agency-types';

const TYPING_PAUSE_MS = 500;

/**
 * Other agencies with the e-mail or office number being typed (002 §4's rule, matched on the
 * server by index), leaving out the agency being edited.
 */
export function useTypedAgencyDuplicates(
  values: { email: string; officeNumber: string },
  excludeId = 0,
): AgencyDuplicates | undefined {
  const email = values.email.trim();
  const office = phoneDigits(values.officeNumber);
  const wanted = JSON.stringify({
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : '',
    officeNumber: office.length >= 6 ? office : '',
  });
  const [settled, setSettled] = useState(wanted);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(wanted), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [wanted]);
  const fields = JSON.parse(settled) as { email: string; officeNumber: string };
  const enabled = Boolean(fields.email || fields.officeNumber);
  const query = useQuery({
    queryKey: ['agencies', 'typed-duplicates', settled, excludeId],
    queryFn: ({ signal }) =>
      apiJson<AgencyDuplicates>('/search/agency-duplicates', {
        params: new URLSearchParams({ ...fields, excludeId: String(excludeId) }),
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return enabled ? query.data : undefined;
}
