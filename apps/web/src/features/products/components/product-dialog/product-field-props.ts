import type { ProductFormErrors } from './product-form-errors';
import type { ProductFormField, ProductFormValues } from './product-form-values';

/** What every group of inputs in the product dialog receives. */
export interface ProductFieldProps {
  values: ProductFormValues;
  errors: ProductFormErrors;
  onChange: <K extends ProductFormField>(field: K, value: ProductFormValues[K]) => void;
}
