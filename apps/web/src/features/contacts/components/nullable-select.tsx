import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { NONE } from './contact-form-values';
import type { SelectOption } from './contact-options';

interface NullableSelectProps {
  label: string;
  name: string;
  data: readonly SelectOption[];
  /** An option's value, or 'null' for none. */
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  error?: string;
  required?: boolean;
  leftSection?: ReactNode;
}

/** A clearable select whose "nothing chosen" is the literal 'null' the contact schema accepts. */
export function NullableSelect({ value, onChange, data, ...props }: NullableSelectProps) {
  return (
    <Select
      {...props}
      data={data as SelectOption[]}
      value={value === NONE ? null : value}
      onChange={(next) => onChange(next ?? NONE)}
      clearable
      allowDeselect
    />
  );
}
