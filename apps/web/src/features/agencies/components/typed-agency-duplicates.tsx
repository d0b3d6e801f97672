import { Box } from '@mantine/core';
import { useTypedAgencyDuplicates } from '../api/use-typed-agency-duplicates';
import { DuplicateWarning } from './duplicate-warning';

interface TypedAgencyDuplicatesProps {
  values: { email: string; officeNumber: string };
  excludeId?: number;
}

/** The agency forms' duplicate warning while typing; saving stays allowed. */
export function TypedAgencyDuplicates({ values, excludeId }: TypedAgencyDuplicatesProps) {
  const duplicates = useTypedAgencyDuplicates(values, excludeId);
  if (!duplicates || duplicates.fields.length === 0) return null;
  return (
    <Box mt="md">
      <DuplicateWarning duplicates={duplicates} />
    </Box>
  );
}
