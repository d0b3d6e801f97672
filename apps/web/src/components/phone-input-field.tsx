import { Input } from '@mantine/core';
import { useId } from 'react';
import { PhoneInput as InternationalPhoneInput } from 'react-international-phone';
import 'react-international-phone/style.css';
import { PHONE_FLAGS } from './phone-flags';
import classes from './phone-input.module.css';
import { DEFAULT_PHONE_COUNTRY, type PhoneInputProps } from './phone-input-props';
import { phoneValueOf } from './phone-value';

/** A phone number with a country picker (flags), laid out like a Mantine input. */
export function PhoneInputField({
  label,
  value,
  onChange,
  defaultCountry = DEFAULT_PHONE_COUNTRY,
  error,
  description,
  required,
  disabled,
  name,
}: PhoneInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Input.Wrapper
      id={id}
      label={label}
      error={error}
      description={description}
      required={required}
      errorProps={{ id: errorId }}
    >
      <InternationalPhoneInput
        className={error ? `${classes.root} ${classes.invalid}` : classes.root}
        inputClassName={classes.input}
        countrySelectorStyleProps={{
          buttonClassName: classes.countryButton,
          dropdownStyleProps: { className: classes.dropdown },
        }}
        defaultCountry={defaultCountry}
        flags={PHONE_FLAGS}
        disableDialCodeAndPrefix
        showDisabledDialCodeAndPrefix
        // A trunk 0 or a pasted calling code makes a number longer than the country's mask: no digit is cut.
        allowMaskOverflow
        value={value}
        disabled={disabled}
        inputProps={{
          id,
          name,
          required,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
        }}
        onChange={(phone, { country }) => {
          // The picker also reports on mount (a lazily loaded field mounts after a first Save): only
          // a real change may clear the field's error.
          const next = phoneValueOf(phone, country.dialCode, country.iso2);
          if (next !== value) onChange(next);
        }}
      />
    </Input.Wrapper>
  );
}
