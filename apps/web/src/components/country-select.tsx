import { Group, Select, type SelectProps, Text } from '@mantine/core';
import { dialogFirstField } from '../lib/focus-first-error';
import { foldedOptionsFilter } from '../lib/folded-options-filter';
import { COUNTRIES, NORTH_CYPRUS } from './countries';
import { flagEmoji } from './flag-emoji';
import { NorthCyprusFlag } from './north-cyprus-flag';

const FLAG_BY_NAME = new Map(COUNTRIES.map(([code, name]) => [name, flagEmoji(code)]));

/** Every country by name, North Cyprus among them in alphabetical order. */
const COUNTRY_NAMES: readonly string[] = [...COUNTRIES.map(([, name]) => name), NORTH_CYPRUS].sort((a, b) =>
  a.localeCompare(b, 'en'),
);

function CountryFlag({ name }: { name: string | null }) {
  if (name === NORTH_CYPRUS) return <NorthCyprusFlag />;
  const flag = name ? FLAG_BY_NAME.get(name) : undefined;
  return flag ? <span aria-hidden="true">{flag}</span> : null;
}

const renderOption: SelectProps['renderOption'] = ({ option }) => (
  <Group gap="xs" wrap="nowrap">
    <CountryFlag name={option.value} />
    <Text size="sm">{option.label}</Text>
  </Group>
);

interface CountrySelectProps {
  label: string;
  /** A country name, or null when none is chosen. */
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  clearable?: boolean;
  /** Keeps the dropdown inside a modal instead of a portal under the page. */
  withinPortal?: boolean;
  /** A dialog's first field (see dialogFirstField). */
  autoFocus?: boolean;
}

/**
 * A searchable country picker by name, with emoji flags built from the ISO codes (no remote
 * images: the CSP allows only 'self' and data: images) and the extra 'North Cyprus' entry.
 */
export function CountrySelect({
  label,
  value,
  onChange,
  placeholder = 'Select a country',
  error,
  required,
  disabled,
  name,
  clearable = true,
  withinPortal = true,
  autoFocus = false,
}: CountrySelectProps) {
  // A stored name outside the list (typed elsewhere) stays visible rather than blank.
  const data = value && !COUNTRY_NAMES.includes(value) ? [value, ...COUNTRY_NAMES] : COUNTRY_NAMES;
  return (
    <Select
      label={label}
      name={name}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      filter={foldedOptionsFilter}
      clearable={clearable}
      required={required}
      disabled={disabled}
      error={error}
      nothingFoundMessage="No country found"
      leftSection={value ? <CountryFlag name={value} /> : undefined}
      renderOption={renderOption}
      comboboxProps={{ withinPortal }}
      maxDropdownHeight={280}
      {...dialogFirstField(autoFocus)}
    />
  );
}
