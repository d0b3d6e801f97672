import { isIsoDate, readDate } from '@crm/domain';
import { TextInput } from '@mantine/core';
import type { DateInputProps as MantineDateInputProps } from '@mantine/dates';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { DATE_FORMAT } from '../lib/format';

const LoadedDateInput = lazy(async () => {
  const [{ DateInput }] = await Promise.all([import('@mantine/dates'), import('@mantine/dates/styles.css')]);
  return { default: DateInput };
});

/** What a date field says of text it cannot read, unless the form words it for its field. */
export const DATE_UNREADABLE = 'Not a date: write it as dd.mm.yyyy, such as 08.12.1992';

export interface DateInputProps
  extends Omit<MantineDateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'fixOnBlur'> {
  /**
   * "1992-12-08" once the text reads as a date, "" when empty, and otherwise the text as typed, so
   * that the form refuses it with a message instead of keeping an older date or none.
   */
  value: string;
  onChange: (value: string) => void;
  /** Shown when the field is left holding text that is no date. */
  unreadableMessage?: string;
}

/**
 * A date typed and shown day first ("08.12.1992", also 8.12.1992, 08/12/1992 or 1992-12-08), with a
 * calendar; Mantine's date input is fetched with its calendar the first time a form shows one.
 * Mantine alone reads typed text its own way (08.12.1992 as 12 August) and, on leaving the field,
 * silently puts back the last date it could read: here every text is read by the domain's readDate
 * and an unreadable one stays in the field, reported.
 */
export function DateInput({
  value,
  onChange,
  error,
  unreadableMessage = DATE_UNREADABLE,
  onBlur,
  ...props
}: DateInputProps) {
  const { label, description, required, placeholder } = props;
  const [left, setLeft] = useState(false);
  const date = isIsoDate(value) ? value : null;
  const unreadable = left && value.trim() !== '' && date === null;

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
      <LoadedDateInput
        placeholder="dd.mm.yyyy"
        {...props}
        value={date}
        valueFormat={DATE_FORMAT}
        dateParser={readDate}
        fixOnBlur={false}
        error={error ?? (unreadable ? unreadableMessage : undefined)}
        onChange={(picked) => onChange(picked ?? '')}
        onInput={(event: FormEvent<HTMLInputElement>) => {
          const text = event.currentTarget.value;
          setLeft(false);
          // A date outside minDate/maxDate is passed on too, for the form's own rule to word.
          onChange(text.trim() === '' ? '' : (readDate(text) ?? text));
        }}
        onBlur={(event) => {
          setLeft(true);
          onBlur?.(event);
        }}
      />
    </Suspense>
  );
}
