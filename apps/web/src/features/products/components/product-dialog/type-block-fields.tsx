import { REAL_ESTATE_STATUSES } from '@crm/domain';
import { Fieldset, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { AmountInput } from '../../../../components/amount-input';
import { PRODUCT_TYPE_LABELS, REAL_ESTATE_STATUS_LABELS } from '../../lib/product-labels';
import type { ProductFieldProps } from './product-field-props';
import type { RealEstateStatus } from './product-form-values';

const STATUS_OPTIONS = REAL_ESTATE_STATUSES.map((status) => ({
  value: status,
  label: REAL_ESTATE_STATUS_LABELS[status],
}));
const isStatus = (value: string | null): value is RealEstateStatus =>
  (REAL_ESTATE_STATUSES as readonly (string | null)[]).includes(value);

/** Amounts in pounds with pence, as the money columns store them, typed as offices write them. */
const poundProps = { leftSection: '£' };

/** The fields of the chosen product type (002 §3). */
export function TypeBlockFields(props: ProductFieldProps) {
  const type = props.values.productType;
  return (
    <Fieldset legend={`${PRODUCT_TYPE_LABELS[type]} Details`} radius="md">
      {type === 'REAL_ESTATE' && <RealEstateFields {...props} />}
      {type === 'DORMITORY' && <DormitoryFields {...props} />}
      {type === 'MAINTENANCE' && <MaintenanceFields {...props} />}
    </Fieldset>
  );
}

function RealEstateFields({ values, errors, onChange }: ProductFieldProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <AmountInput
        {...poundProps}
        label="Sale Price"
        name="salePrice"
        value={values.salePrice}
        error={errors.salePrice}
        onChange={(value) => onChange('salePrice', value)}
      />
      <AmountInput
        label="Meter Square"
        name="m2"
        rightSection="m²"
        value={values.m2}
        error={errors.m2}
        onChange={(value) => onChange('m2', value)}
      />
      <Select
        label="Status"
        name="status"
        allowDeselect={false}
        data={STATUS_OPTIONS}
        value={values.status}
        error={errors.status}
        onChange={(value) => {
          if (isStatus(value)) onChange('status', value);
        }}
      />
    </SimpleGrid>
  );
}

function DormitoryFields({ values, errors, onChange }: ProductFieldProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput
        label="Room Number"
        name="roomNumber"
        value={values.roomNumber}
        error={errors.roomNumber}
        onChange={(event) => onChange('roomNumber', event.currentTarget.value)}
      />
      <AmountInput
        {...poundProps}
        label="Semester Price"
        name="termPrice"
        value={values.termPrice}
        error={errors.termPrice}
        onChange={(value) => onChange('termPrice', value)}
      />
      <AmountInput
        {...poundProps}
        label="Academic Year Price"
        name="annualPrice"
        value={values.annualPrice}
        error={errors.annualPrice}
        onChange={(value) => onChange('annualPrice', value)}
      />
    </SimpleGrid>
  );
}

function MaintenanceFields({ values, errors, onChange }: ProductFieldProps) {
  return (
    <SimpleGrid cols={1}>
      <TextInput
        label="Type"
        name="maintenanceType"
        value={values.maintenanceType}
        error={errors.maintenanceType}
        onChange={(event) => onChange('maintenanceType', event.currentTarget.value)}
      />
      <Textarea
        label="Description"
        name="maintenanceDescription"
        autosize
        minRows={2}
        maxRows={5}
        value={values.maintenanceDescription}
        error={errors.maintenanceDescription}
        onChange={(event) => onChange('maintenanceDescription', event.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
