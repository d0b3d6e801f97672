import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

interface RecoveryCodesProps {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}

/**
 * The ten recovery codes, shown this once: the server keeps only their digests. The heading takes
 * the focus so that the codes are announced before anything else.
 */
export function RecoveryCodes({ codes, onDone, doneLabel = 'Done' }: RecoveryCodesProps) {
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Stack gap="sm">
      <Text fw={600} ref={heading} tabIndex={-1} id="recovery-codes-heading">
        Two-factor sign-in is on. Save your recovery codes
      </Text>
      <Alert color="yellow" variant="light">
        Each code signs you in once if you lose your phone. They are shown only now: copy them or write them
        down and keep them somewhere safe.
      </Alert>
      <List
        aria-labelledby="recovery-codes-heading"
        data-testid="recovery-codes"
        listStyleType="none"
        styles={{ root: { fontFamily: 'var(--mantine-font-family-monospace)', columns: 2 } }}
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{doneLabel}</Button>
      </Group>
    </Stack>
  );
}
