import { Group, Select, type SelectProps, Text } from '@mantine/core';
import { defaultCountries, parseCountry } from 'react-international-phone';
import { flagEmoji } from '../../../components/flag-emoji';

/**
 * The countries of the forms' phone picker, each of which the server reads numbers for. Not
 * libphonenumber's list: its country functions in this screen reshuffled the app's shared chunks
 * and added 4–6 KB to /login and /leads.
 */
const OPTIONS = defaultCountries.map((data) => {
  const country = parseCountry(data);
  return { value: country.iso2.toUpperCase(), label: `${country.name} (+${country.dialCode})` };
});

const renderOption: SelectProps['renderOption'] = ({ option }) => (
  <Group gap="xs" wrap="nowrap">
    <span aria-hidden="true">{flagEmoji(option.value)}</span>
    <Text size="sm">{option.label}</Text>
  </Group>
);

interface DefaultCountrySelectProps {
  /** A two-letter code ("TR"); null while the deployment's is being read. */
  value: string | null;
  onChange: (country: string) => void;
  disabled?: boolean;
}

/**
 * Whose numbers a phone written without + or 00 is: "538 495 00 02" is +90 538 495 00 02 for
 * Turkey. Offices' spreadsheets drop the leading 0 and the +, so this says how to read them.
 */
export function DefaultCountrySelect({ value, onChange, disabled }: DefaultCountrySelectProps) {
  return (
    <Select
      label="Phone numbers without a calling code are from"
      description="Numbers written with + or 00, or with a country code column, keep their own country."
      data={OPTIONS}
      value={value}
      onChange={(country) => country && onChange(country)}
      renderOption={renderOption}
      leftSection={value ? <span aria-hidden="true">{flagEmoji(value)}</span> : null}
      allowDeselect={false}
      searchable
      disabled={disabled || value === null}
      maw={420}
    />
  );
}
