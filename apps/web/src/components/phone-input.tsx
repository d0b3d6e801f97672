import { TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { CountryIso2 } from 'react-international-phone';

export const DEFAULT_PHONE_COUNTRY: CountryIso2 = 'tr';

export interface PhoneInputProps {
  label: string;
  /** E.164-like text ("+905321234567"), or "" when nothing beyond the dial code was typed. */
  value: string;
  onChange: (value: string) => void;
  defaultCountry?: CountryIso2;
  error?: string;
  description?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
}

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
