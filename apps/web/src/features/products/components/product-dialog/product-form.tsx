import { type ProductFormInput, productFormSchema } from '@crm/domain';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { EditConflictNotice, useEditConflict } from '../../../../components/edit-conflict';
import { fieldErrorsOf, staleRecordOf } from '../../../../lib/api-error';
import { useFocusFirstError } from '../../../../lib/focus-first-error';
import { toast } from '../../../../lib/toast';
import type { Product } from '../../api/product-types';
import { useSaveProduct } from '../../api/use-save-product';
import { productScreenMessages as m } from '../../lib/product-screen-messages';
import { CategoryChoiceFields } from './category-choice-fields';
import { CompanyPicker } from './company-picker';
import { issuesToMessages, type ProductFormErrors, sortFieldErrors } from './product-form-errors';
import {
  mergeProductEdit,
  NEW_PRODUCT_VALUES,
  type ProductFormField,
  type ProductFormValues,
  toProductInput,
  valuesFromProduct,
} from './product-form-values';
import { ProductActiveSwitch, ProductTitleFields } from './product-main-fields';
import { TypeBlockFields } from './type-block-fields';

interface ProductFormProps {
  /** The product being edited (the screen's copy, kept current by the live updates); absent when adding. */
  product: Product | undefined;
  onSaved: (product: Product) => void;
  onCancel: () => void;
  /** Whether the form holds changes not saved, each time that changes. */
  onDirty?: (dirty: boolean) => void;
}

export function ProductForm({ product: live, onSaved, onCancel, onDirty }: ProductFormProps) {
  const conflict = useEditConflict(live);
  // The product the form was filled from: its version goes with the save.
  const product = conflict.opened;
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? valuesFromProduct(product) : NEW_PRODUCT_VALUES,
  );
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const [otherError, setOtherError] = useState<string>();
  const save = useSaveProduct(product?.id);
  const { ref, focusFirstError } = useFocusFirstError();
  const dirty =
    JSON.stringify(values) !== JSON.stringify(product ? valuesFromProduct(product) : NEW_PRODUCT_VALUES);
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);

  const change = <K extends ProductFormField>(field: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const showErrors = (messages: Record<string, string>) => {
    const sorted = sortFieldErrors(messages);
    setErrors(sorted.fields);
    setOtherError(sorted.other);
    focusFirstError();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = productFormSchema.safeParse(toProductInput(values));
    if (!parsed.success) {
      showErrors(issuesToMessages(parsed.error.issues));
      return;
    }
    setOtherError(undefined);
    try {
      const saved = await saveOverChanges(parsed.data);
      toast.success(product ? m.productUpdated : m.productAdded);
      onSaved(saved);
    } catch (error) {
      // Someone changed a field of this edit since the dialog opened: say who, rather than overwrite.
      if (conflict.catchStale(error)) return;
      toast.error(m.saveProductFailed);
      showErrors(fieldErrorsOf(error));
    }
  };

  /**
   * Saves against the version the dialog opened. When a colleague saved meanwhile (409), the save is
   * made again over their version, with only this person's changed fields laid on it, unless both
   * changed one same field: then the 409 stands and the notice says who.
   */
  const saveOverChanges = async (body: ProductFormInput): Promise<Product> => {
    try {
      return await save.mutateAsync({ body, version: product?.version });
    } catch (error) {
      const stale = staleRecordOf<Product>(error);
      if (!stale || !product) throw error;
      const merged = mergeProductEdit(valuesFromProduct(product), values, valuesFromProduct(stale.current));
      const input = merged && productFormSchema.safeParse(toProductInput(merged));
      if (!input?.success) throw error;
      return await save.mutateAsync({ body: input.data, version: stale.current.version });
    }
  };

  const reload = (current: Product) => {
    conflict.restart(current);
    setValues(valuesFromProduct(current));
    setErrors({});
    setOtherError(undefined);
  };

  const fieldProps = { values, errors, onChange: change };
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <EditConflictNotice noun="product" conflict={conflict} live={live} onReload={reload} />
      <Stack gap="md">
        <ProductTitleFields {...fieldProps} />
        <CategoryChoiceFields
          categoryIds={values.categoryIds}
          error={errors.categoryIds}
          onChange={(ids) => change('categoryIds', ids)}
        />
        <CompanyPicker
          value={values.realEstateCompany}
          error={errors.realEstateCompany}
          onChange={(company) => change('realEstateCompany', company)}
        />
        <TypeBlockFields {...fieldProps} />
        <ProductActiveSwitch {...fieldProps} />
        {otherError && (
          <Alert color="red" variant="light">
            {otherError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
