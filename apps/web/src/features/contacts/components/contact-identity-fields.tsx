import { contactMessages } from '@crm/domain';
import { TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import type { ChangeEvent } from 'react';
import { CountrySelect } from '../../../components/country-select';
import { DateInput } from '../../../components/date-input';
import { PhoneInput } from '../../../components/phone-input';
import type { AgencyOption } from '../api/fetch-agency-options';
import { AgencySelect } from './agency-select';
import type { ContactFieldsProps } from './contact-form-props';
import { NONE } from './contact-form-values';
import { GENDER_OPTIONS, SOURCE_OPTIONS } from './contact-options';
import { NullableSelect } from './nullable-select';

const countryValue = (value: string) => (value === NONE ? null : value);

/**
 * Fields 1–11 of 001 §2.3: agency or source, names, phone, e-mail, origin, gender, passport,
 * birthday. The edit dialog passes the stored agency (so the picker can name it) and marks the
 * e-mail required when the contact already has one.
 */
export function ContactIdentityFields({
  values,
  errors,
  onChange,
  customer,
  initialAgency = null,
  emailRequired = false,
  autoFocus = false,
}: ContactFieldsProps & {
  customer: boolean;
  initialAgency?: AgencyOption | null;
  emailRequired?: boolean;
  /** In a dialog: the first field takes the focus when it opens. */
  autoFocus?: boolean;
}) {
  const text = (field: 'name' | 'surname' | 'email' | 'passportNumber') => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(field, event.currentTarget.value),
  });

  return (
    <>
      <AgencySelect
        value={values.agencyId}
        initial={initialAgency}
        autoFocus={autoFocus}
        error={errors.agencyId}
        onChange={(value) => onChange('agencyId', value)}
      />
      {values.agencyId === NONE && (
        <NullableSelect
          label="Source"
          name="source"
          required
          placeholder="Select source"
          data={SOURCE_OPTIONS}
          value={values.source}
          error={errors.source}
          onChange={(value) => onChange('source', value)}
        />
      )}
      <TextInput label="First Name" required autoComplete="off" {...text('name')} />
      <TextInput label="Surname" required autoComplete="off" {...text('surname')} />
      <PhoneInput
        label="Phone"
        name="phone"
        required
        value={values.phone}
        error={errors.phone}
        onChange={(value) => onChange('phone', value)}
      />
      <TextInput label="Email" type="email" autoComplete="off" required={emailRequired} {...text('email')} />
      <CountrySelect
        label="Nationality"
        name="nationality"
        required={customer}
        value={countryValue(values.nationality)}
        error={errors.nationality}
        onChange={(value) => onChange('nationality', value ?? NONE)}
      />
      <CountrySelect
        label="Country of Residency"
        name="residency"
        required={customer}
        value={countryValue(values.residency)}
        error={errors.residency}
        onChange={(value) => onChange('residency', value ?? NONE)}
      />
      <NullableSelect
        label="Gender"
        name="gender"
        required={customer}
        placeholder="Select gender"
        data={GENDER_OPTIONS}
        value={values.gender}
        error={errors.gender}
        onChange={(value) => onChange('gender', value)}
      />
      <TextInput label="Passport No" autoComplete="off" {...text('passportNumber')} />
      <DateInput
        label="Birthday"
        name="birthday"
        clearable
        maxDate={dayjs().format('YYYY-MM-DD')}
        value={values.birthday}
        error={errors.birthday}
        unreadableMessage={contactMessages.birthdayInvalid}
        onChange={(value) => onChange('birthday', value)}
      />
    </>
  );
}
