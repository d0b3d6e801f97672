import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useGuardedClose } from '../../../../lib/unsaved-changes';
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
  const [dirty, setDirty] = useState(false);
  const closed = () => {
    setDirty(false);
    onClose();
  };
  // Closing with changes (Escape, ×, Cancel) asks first.
  const close = useGuardedClose(opened && dirty, closed);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={product ? 'Edit Product' : 'Add Product'}
      size="xl"
      centered
      closeOnClickOutside={false}
    >
      <ProductForm
        key={product ? `edit-${product.id}` : 'add'}
        product={product}
        onCancel={close}
        onDirty={setDirty}
        onSaved={(saved) => {
          onSaved?.(saved);
          closed();
        }}
      />
    </Modal>
  );
}
