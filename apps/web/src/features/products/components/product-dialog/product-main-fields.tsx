import { PRODUCT_TYPES, type ProductType } from '@crm/domain';
import { Select, Switch, Textarea, TextInput } from '@mantine/core';
import { PRODUCT_TYPE_LABELS } from '../../lib/product-labels';
import type { ProductFieldProps } from './product-field-props';

const TYPE_OPTIONS = PRODUCT_TYPES.map((type) => ({ value: type, label: PRODUCT_TYPE_LABELS[type] }));
const isProductType = (value: string | null): value is ProductType =>
  (PRODUCT_TYPES as readonly (string | null)[]).includes(value);

export function ProductTitleFields({ values, errors, onChange }: ProductFieldProps) {
  return (
    <>
      <TextInput
        label="Title"
        name="title"
        required
        data-autofocus
        value={values.title}
        error={errors.title}
        onChange={(event) => onChange('title', event.currentTarget.value)}
      />
      <Textarea
        label="Description"
        name="description"
        autosize
        minRows={2}
        maxRows={6}
        value={values.description}
        error={errors.description}
        onChange={(event) => onChange('description', event.currentTarget.value)}
      />
      <Select
        label="Product Type"
        name="productType"
        required
        allowDeselect={false}
        data={TYPE_OPTIONS}
        value={values.productType}
        error={errors.productType}
        onChange={(value) => {
          if (isProductType(value)) onChange('productType', value);
        }}
      />
    </>
  );
}

export function ProductActiveSwitch({ values, errors, onChange }: ProductFieldProps) {
  return (
    <Switch
      label="Active"
      name="isActive"
      checked={values.isActive}
      error={errors.isActive}
      onChange={(event) => onChange('isActive', event.currentTarget.checked)}
    />
  );
}
