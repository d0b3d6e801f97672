import { TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { AmountInput } from '../../../components/amount-input';
import type { ContactFeatures } from '../api/use-contact-features';
import type { ContactFieldsProps } from './contact-form-props';
import {
  CHILDREN_OPTIONS,
  EDUCATION_OPTIONS,
  INCOME_OPTIONS,
  MARITAL_STATUS_OPTIONS,
  PAYMENT_OPTIONS,
} from './contact-options';
import { NullableSelect } from './nullable-select';

type TextField = 'trIdNumber' | 'city' | 'occupation' | 'serviceCategory' | 'roomNumber';
type SelectField =
  | 'maritalStatus'
  | 'numberOfChildren'
  | 'educationLevel'
  | 'incomeLevel'
  | 'preferredPayment';

/** Fields 12–21 of 001 §2.3, with room number where the deployment enables it (§9). */
export function ContactProfileFields({
  values,
  errors,
  onChange,
  features,
}: ContactFieldsProps & { features: ContactFeatures }) {
  const text = (field: TextField) => ({
    name: field,
    autoComplete: 'off',
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(field, event.currentTarget.value),
  });
  const select = (field: SelectField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (value: string) => onChange(field, value),
  });

  return (
    <>
      <TextInput label="T.R ID No" {...text('trIdNumber')} />
      <TextInput label="City" {...text('city')} />
      <TextInput label="Occupation" {...text('occupation')} />
      <NullableSelect
        label="Marital Status"
        placeholder="Select marital status"
        data={MARITAL_STATUS_OPTIONS}
        {...select('maritalStatus')}
      />
      <NullableSelect
        label="Number of Children"
        placeholder="Select number"
        data={CHILDREN_OPTIONS}
        {...select('numberOfChildren')}
      />
      <NullableSelect
        label="Education Level"
        placeholder="Select education level"
        data={EDUCATION_OPTIONS}
        {...select('educationLevel')}
      />
      <NullableSelect
        label="Income Level"
        placeholder="Select income level"
        data={INCOME_OPTIONS}
        {...select('incomeLevel')}
      />
      <AmountInput
        label="Budget"
        name="budget"
        leftSection="£"
        placeholder="0"
        zeroIsEmpty
        value={values.budget}
        error={errors.budget}
        onChange={(value) => onChange('budget', value)}
      />
      <NullableSelect
        label="Preferred Payment Method"
        placeholder="Select payment method"
        data={PAYMENT_OPTIONS}
        {...select('preferredPayment')}
      />
      {features.serviceCategory && <TextInput label="Service Category" {...text('serviceCategory')} />}
      {features.roomNumber && <TextInput label="Room Number" {...text('roomNumber')} />}
    </>
  );
}
