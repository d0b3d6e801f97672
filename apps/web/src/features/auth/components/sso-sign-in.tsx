import type { SsoLoginOptions } from '@crm/domain';
import { Button, Divider } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { SSO_START_URL } from '../api/sso';

/** The provider's button, with the divider that sets it apart from the password form when both show. */
export function SsoSignIn({ options, withDivider }: { options: SsoLoginOptions; withDivider: boolean }) {
  return (
    <>
      <Button
        component="a"
        href={SSO_START_URL}
        variant="default"
        fullWidth
        leftSection={<IconKey size={16} />}
      >
        Sign in with {options.displayName}
      </Button>
      {withDivider && <Divider label="or" labelPosition="center" my="md" />}
    </>
  );
}
