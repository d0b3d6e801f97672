import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AgencyDuplicates } from '../api/agency-types';

/** 002 §4: names the duplicated fields (Email and/or Phone) and the agencies that share them. */
export function DuplicateWarning({ duplicates }: { duplicates: AgencyDuplicates | undefined }) {
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
          </span>
        ))}
      </Text>
    </Alert>
  );
}
