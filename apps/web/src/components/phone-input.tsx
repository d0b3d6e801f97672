import { TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { PhoneInputProps } from './phone-input-props';

export { DEFAULT_PHONE_COUNTRY, type PhoneInputProps } from './phone-input-props';

const PhoneInputField = lazy(async () => ({
  default: (await import('./phone-input-field')).PhoneInputField,
}));

/**
 * The phone input; its country list and flags are fetched the first time a form shows one, with a
 * placeholder of the same label meanwhile.
 */
export function PhoneInput(props: PhoneInputProps) {
  const { label, description, required } = props;
  return (
    <Suspense
      fallback={
        <TextInput label={label} description={description} required={required} disabled value="" readOnly />
      }
    >
      <PhoneInputField {...props} />
    </Suspense>
  );
}
