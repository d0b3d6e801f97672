import { Modal } from '@mantine/core';
import type { Product } from '../../api/product-types';
import { ProductForm } from './product-form';

interface ProductDialogProps {
  opened: boolean;
  /** The product to edit; absent for add mode. */
  product?: Product;
  onClose: () => void;
  onSaved?: (product: Product) => void;
}

/** Add and edit share one dialog (002 §2 "Product dialog"). */
export function ProductDialog({ opened, product, onClose, onSaved }: ProductDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={product ? 'Edit Product' : 'Add Product'}
      size="xl"
      centered
      closeOnClickOutside={false}
    >
      <ProductForm
        key={product ? `edit-${product.id}` : 'add'}
        product={product}
        onCancel={onClose}
        onSaved={(saved) => {
          onSaved?.(saved);
          onClose();
        }}
      />
    </Modal>
  );
}
