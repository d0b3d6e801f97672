import { Modal } from '@mantine/core';
import type { CategoryGroup } from '../../api/category-types';
import { CategoryForm } from './category-form';

interface CategoryDialogProps {
  opened: boolean;
  /** The category to edit; absent when adding. */
  group: CategoryGroup | undefined;
  onClose: () => void;
}

export function CategoryDialog({ opened, group, onClose }: CategoryDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={group ? 'Edit Category' : 'Add Category'}
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      <CategoryForm key={group ? `edit-${group.id}` : 'add'} group={group} onClose={onClose} />
    </Modal>
  );
}
