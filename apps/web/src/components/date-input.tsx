import { TextInput } from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import { lazy, Suspense } from 'react';

const LoadedDateInput = lazy(async () => {
  const [{ DateInput }] = await Promise.all([import('@mantine/dates'), import('@mantine/dates/styles.css')]);
  return { default: DateInput };
});

/** Mantine's date input, fetched with its calendar the first time a form shows one. */
export function DateInput(props: DateInputProps) {
  const { label, description, required, placeholder } = props;
  return (
    <Suspense
      fallback={
        <TextInput
          label={label}
          description={description}
          required={required}
          placeholder={placeholder}
          disabled
          value=""
          readOnly
        />
      }
    >
      <LoadedDateInput {...props} />
    </Suspense>
  );
}
