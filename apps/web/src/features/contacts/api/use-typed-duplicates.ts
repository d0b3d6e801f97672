import { phoneDigits } from '@crm/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiJson } from '../../../lib/api-client';
import type { ContactDuplicate } from './contact-detail-api';

/** A pause in typing before asking: one request per pause, a few per form. */
const TYPING_PAUSE_MS = 500;

interface TypedIdentity {
  name: string;
  surname: string;
  email: string;
  phone: string;
}

/** Only what the duplicate rule can match on: a full name, a whole e-mail, a whole phone. */
function checkable(values: TypedIdentity) {
  const name = values.name.trim();
  const surname = values.surname.trim();
  const email = values.email.trim();
  const phone = phoneDigits(values.phone);
  return {
    name: name && surname ? name : '',
    surname: name && surname ? surname : '',
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : '',
    phone: phone.length >= 6 ? phone : '',
  };
}

/**
 * Existing contacts that the form being typed would duplicate (001 §5's rule, matched on the
 * server by index), leaving out the contact being edited.
 */
export function useTypedDuplicates(values: TypedIdentity, excludeId = 0): ContactDuplicate[] {
  const wanted = checkable(values);
  const wantedKey = JSON.stringify(wanted);
  const [settled, setSettled] = useState(wantedKey);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(wantedKey), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [wantedKey]);
  const fields = JSON.parse(settled) as ReturnType<typeof checkable>;
  const enabled = Boolean(fields.name || fields.email || fields.phone);
  const query = useQuery({
    queryKey: ['contacts', 'typed-duplicates', settled, excludeId],
    queryFn: ({ signal }) =>
      apiJson<ContactDuplicate[]>('/search/contact-duplicates', {
        params: new URLSearchParams({ ...fields, excludeId: String(excludeId) }),
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return enabled ? (query.data ?? []) : [];
}
