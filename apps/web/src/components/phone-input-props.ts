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
