import { AGENCY_TYPES, type AgencyType } from '@crm/domain';
import { Select } from '@mantine/core';

const TYPE_OPTIONS = AGENCY_TYPES.map((type) => ({ value: type, label: type }));

interface AgencyTypeSelectProps {
  value: AgencyType;
  onChange: (value: AgencyType) => void;
  error?: string;
  withinPortal?: boolean;
}

/** The agency type, shown as Size (002 §2): COMPANY or INDIVIDUAL. */
export function AgencyTypeSelect({ value, onChange, error, withinPortal = true }: AgencyTypeSelectProps) {
  return (
    <Select
      label="Size"
      name="type"
      required
      data={TYPE_OPTIONS}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        const type = AGENCY_TYPES.find((candidate) => candidate === next);
        if (type) onChange(type);
      }}
      error={error}
      comboboxProps={{ withinPortal }}
    />
  );
}
