import { Box } from '@mantine/core';
import { useTypedDuplicates } from '../api/use-typed-duplicates';
import { ContactDetailDuplicates } from './contact-detail-duplicates';

interface TypedDuplicatesProps {
  values: { name: string; surname: string; email: string; phone: string };
  excludeId?: number;
}

/** The duplicate warning of a form, while it is typed: it warns, saving stays allowed. */
export function TypedDuplicates({ values, excludeId }: TypedDuplicatesProps) {
  const duplicates = useTypedDuplicates(values, excludeId);
  if (duplicates.length === 0) return null;
  return (
    <Box mt="md">
      <ContactDetailDuplicates duplicates={duplicates} note="You can still save this contact." />
    </Box>
  );
}
