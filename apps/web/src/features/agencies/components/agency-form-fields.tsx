import { SimpleGrid, TextInput } from '@mantine/core';
import { AmountInput } from '../../../components/amount-input';
import { CountrySelect } from '../../../components/country-select';
import { PhoneInput } from '../../../components/phone-input';
import type { FieldErrors } from '../../../lib/form-errors';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import type { AgencyFormField, AgencyFormValues } from './agency-form-values';
import { AgencyTypeSelect } from './agency-type-select';
import { ParentAgencySelect } from './parent-agency-select';
import { SalesRepSelect } from './sales-rep-select';
import type { ChangeAgencyField } from './use-agency-form-state';

interface AgencyFormFieldsProps {
  values: AgencyFormValues;
  errors: FieldErrors<AgencyFormField>;
  onChange: ChangeAgencyField;
  /** The agency being edited, left out of the parent choices. */
  agencyId?: number;
  initialParent?: { id: number; name: string } | null;
  currentReps: readonly { id: number; name: string; isActive?: boolean }[];
}

/** 002 §2 partner form fields. */
export function AgencyFormFields({
  values,
  errors,
  onChange,
  agencyId,
  initialParent,
  currentReps,
}: AgencyFormFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <TextInput
        label="Name"
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
      <AmountInput
        label="Commission Rate (%)"
        name="commissionRate"
        required
        rightSection="%"
        value={values.commissionRate}
        error={errors.commissionRate}
        onChange={(value) => onChange('commissionRate', value)}
      />
      <CountrySelect
        label="Country"
        name="country"
        required
        value={values.country}
        error={errors.country}
        onChange={(value) => onChange('country', value)}
      />
      <TextInput
        label="City"
        name="city"
        required
        value={values.city}
        error={errors.city}
        onChange={(event) => onChange('city', event.currentTarget.value)}
      />
      <AgencyTypeSelect
        value={values.type}
        error={errors.type}
        onChange={(value) => onChange('type', value)}
      />
      <ParentAgencySelect
        label="Parent Agency"
        value={values.parentAgencyId}
        excludeId={agencyId}
        initialParent={initialParent}
        loadErrorMessage={msg.loadParentsFailed}
        error={errors.parentAgencyId}
        onChange={(value) => onChange('parentAgencyId', value)}
      />
      <SalesRepSelect
        label="Assigned Sales Reps"
        required
        value={values.assignedSalesRepIds}
        currentReps={currentReps}
        loadErrorMessage={msg.loadRepsFailed}
        error={errors.assignedSalesRepIds}
        onChange={(value) => onChange('assignedSalesRepIds', value)}
      />
    </SimpleGrid>
  );
}
