import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AgencyDuplicates } from '../api/agency-types';

type DuplicateAgency = AgencyDuplicates['agencies'][number];

/**
 * 002 §4: names the duplicated fields (Email and/or Phone) and the agencies that share them;
 * `action` adds e.g. the admin's Merge beside each.
 */
export function DuplicateWarning({
  duplicates,
  action,
}: {
  duplicates: AgencyDuplicates | undefined;
  action?: (agency: DuplicateAgency) => ReactNode;
}) {
  if (!duplicates || duplicates.fields.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconAlertTriangle size={18} />}
      title={`Possible duplicate: ${duplicates.fields.join(' and ')}`}
    >
      <Text size="sm">
        Another agency has the same {duplicates.fields.join(' and ').toLowerCase()}:{' '}
        {duplicates.agencies.map((agency, index) => (
          <span key={agency.id}>
            {index > 0 && ', '}
            <Anchor component={Link} to={`/agency/${agency.id}`} size="sm">
              {agency.name}
            </Anchor>
            {duplicates.fields.length > 1 && ` (${agency.matchedOn.join(', ')})`}
            {action && <> {action(agency)}</>}
          </span>
        ))}
      </Text>
    </Alert>
  );
}
