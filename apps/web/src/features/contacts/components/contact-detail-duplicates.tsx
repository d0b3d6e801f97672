import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ContactDuplicate } from '../api/contact-detail-api';
import { CONTACT_PATHS } from '../api/contact-types';

const MATCH_WORDS: Record<ContactDuplicate['matchedOn'][number], string> = {
  name: 'name and surname',
  email: 'email',
  phone: 'phone',
};

/** "name and surname, email and phone". */
function matchedText(matchedOn: ContactDuplicate['matchedOn']): string {
  const words = matchedOn.map((match) => MATCH_WORDS[match]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

/**
 * 001 §2.4 and §5: other contacts share the name and surname, the e-mail or the phone. Forms show
 * it while typing, with a note that saving is still allowed; `action` adds e.g. the admin's Merge.
 */
export function ContactDetailDuplicates({
  duplicates,
  note,
  action,
}: {
  duplicates: ContactDuplicate[];
  note?: string;
  action?: (duplicate: ContactDuplicate) => ReactNode;
}) {
  if (duplicates.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      icon={<IconAlertTriangle size={18} />}
      title={duplicates.length === 1 ? 'Possible duplicate contact' : 'Possible duplicate contacts'}
    >
      <List size="sm" spacing={4}>
        {duplicates.map((duplicate) => (
          <List.Item key={duplicate.id}>
            <Anchor component={Link} to={CONTACT_PATHS[duplicate.type].detail(duplicate.id)} size="sm">
              {`${duplicate.name} ${duplicate.surname}`.trim()}
            </Anchor>{' '}
            <Text span size="sm" c="dimmed">
              ({duplicate.type === 'LEAD' ? 'Lead' : 'Customer'})
            </Text>{' '}
            has the same {matchedText(duplicate.matchedOn)}. {action?.(duplicate)}
          </List.Item>
        ))}
      </List>
      {note && (
        <Text size="xs" c="dimmed" mt={6}>
          {note}
        </Text>
      )}
    </Alert>
  );
}
