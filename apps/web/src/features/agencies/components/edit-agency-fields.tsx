import { Stack, TextInput } from '@mantine/core';
import { CountrySelect } from '../../../components/country-select';
import { PhoneInput } from '../../../components/phone-input';
import type { FieldErrors } from '../../../lib/form-errors';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import type { AgencyDetail } from '../api/agency-types';
import type { AgencyFormField, AgencyFormValues } from './agency-form-values';
import { AgencyTypeSelect } from './agency-type-select';
import { ParentAgencySelect } from './parent-agency-select';
import { SalesRepSelect } from './sales-rep-select';
import type { ChangeAgencyField } from './use-agency-form-state';

/** The fields the Edit agency info dialog shows, in its order (002 §2). */
export const EDIT_DIALOG_FIELDS: readonly AgencyFormField[] = [
  'assignedSalesRepIds',
  'parentAgencyId',
  'type',
  'name',
  'officeNumber',
  'email',
  'country',
  'city',
];

interface EditAgencyFieldsProps {
  agency: AgencyDetail;
  values: AgencyFormValues;
  errors: FieldErrors<AgencyFormField>;
  onChange: ChangeAgencyField;
}

export function EditAgencyFields({ agency, values, errors, onChange }: EditAgencyFieldsProps) {
  return (
    <Stack gap="sm">
      <SalesRepSelect
        label="Assigned Sales Reps"
        value={values.assignedSalesRepIds}
        currentReps={agency.assignedSalesReps}
        loadErrorMessage={msg.fetchRepsFailed}
        error={errors.assignedSalesRepIds}
        onChange={(value) => onChange('assignedSalesRepIds', value)}
        withinPortal={false}
        autoFocus
      />
      <ParentAgencySelect
        label="Parent Agency"
        value={values.parentAgencyId}
        excludeId={agency.id}
        initialParent={agency.parentAgency}
        loadErrorMessage={msg.loadAgencyListFailed}
        error={errors.parentAgencyId}
        onChange={(value) => onChange('parentAgencyId', value)}
        withinPortal={false}
      />
      <AgencyTypeSelect
        value={values.type}
        error={errors.type}
        onChange={(value) => onChange('type', value)}
        withinPortal={false}
      />
      <TextInput
        label="Agency Name"
        name="name"
        required
        value={values.name}
        error={errors.name}
        onChange={(event) => onChange('name', event.currentTarget.value)}
      />
      <PhoneInput
        label="Office Number"
        name="officeNumber"
        required
        value={values.officeNumber}
        error={errors.officeNumber}
        onChange={(value) => onChange('officeNumber', value)}
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
      <CountrySelect
        label="Country"
        name="country"
        value={values.country}
        error={errors.country}
        onChange={(value) => onChange('country', value)}
        withinPortal={false}
      />
      <TextInput
        label="City"
        name="city"
        value={values.city}
        error={errors.city}
        onChange={(event) => onChange('city', event.currentTarget.value)}
      />
    </Stack>
  );
}
