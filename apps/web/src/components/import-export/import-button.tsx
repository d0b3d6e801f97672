import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Opens the import screen for this list's records (contacts of a type, or partners). */
export function ImportButton({
  entity,
  type,
}: {
  entity: 'contacts' | 'agencies';
  type?: 'LEAD' | 'CUSTOMER';
}) {
  const params = new URLSearchParams({ entity, ...(type ? { type } : {}) });
  return (
    <Button
      variant="default"
      leftSection={<IconUpload size={16} />}
      component={Link}
      to={`/imports/new?${params}`}
    >
      Import
    </Button>
  );
}
