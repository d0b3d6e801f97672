import { NativeSelect, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { PhoneInput } from '../../../components/phone-input';
import type { FieldErrors } from '../../../lib/form-errors';
import type { UserFormField, UserFormValues } from './user-form-values';

interface UserFormFieldsProps {
  mode: 'create' | 'edit';
  values: UserFormValues;
  errors: FieldErrors<UserFormField>;
  onChange: <K extends UserFormField>(field: K, value: UserFormValues[K]) => void;
}

const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
];

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

export function UserFormFields({ mode, values, errors, onChange }: UserFormFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <TextInput
        label="First Name"
        name="firstName"
        autoComplete="given-name"
        required
        value={values.firstName}
        error={errors.firstName}
        onChange={(event) => onChange('firstName', event.currentTarget.value)}
      />
      <TextInput
        label="Surname"
        name="surname"
        autoComplete="family-name"
        required
        value={values.surname}
        error={errors.surname}
        onChange={(event) => onChange('surname', event.currentTarget.value)}
      />
      <PhoneInput
        label="Phone"
        name="phone"
        required
        value={values.phone}
        error={errors.phone}
        onChange={(value) => onChange('phone', value)}
      />
      <TextInput
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        required
        value={values.email}
        error={errors.email}
        onChange={(event) => onChange('email', event.currentTarget.value)}
      />
      <PasswordInput
        label="Password"
        name="password"
        autoComplete="new-password"
        required={mode === 'create'}
        description={mode === 'edit' ? 'Leave blank to keep the current password' : undefined}
        value={values.password}
        error={errors.password}
        onChange={(event) => onChange('password', event.currentTarget.value)}
      />
      <NativeSelect
        label="Role"
        name="role"
        required
        data={ROLE_OPTIONS}
        value={values.role}
        error={errors.role}
        onChange={(event) => onChange('role', event.currentTarget.value === 'admin' ? 'admin' : 'user')}
      />
      <NativeSelect
        label="Status"
        name="isActive"
        required
        data={STATUS_OPTIONS}
        value={values.isActive}
        error={errors.isActive}
        onChange={(event) => onChange('isActive', event.currentTarget.value === 'false' ? 'false' : 'true')}
      />
    </SimpleGrid>
  );
}
