import { Stack, Text } from '@mantine/core';
import type { CategoryGroup } from '../../api/category-types';
import { useAddSubcategory } from '../../api/use-add-subcategory';
import { useDeleteCategory } from '../../api/use-delete-category';
import { useRenameCategory } from '../../api/use-rename-category';
import { useToggleCategory } from '../../api/use-toggle-category';
import { confirmDeleteCategory } from './confirm-delete-category';
import { SubcategoryAdder } from './subcategory-adder';
import { SubcategoryRow } from './subcategory-row';

/** Resolves whether a mutation went through; its hook has already toasted either way. */
async function succeeded(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch {
    return false;
  }
}

/** The subcategories of an existing category: every change is sent at once. */
export function SavedSubcategoryList({ group }: { group: CategoryGroup }) {
  const add = useAddSubcategory();
  const rename = useRenameCategory();
  const remove = useDeleteCategory();
  const toggle = useToggleCategory();

  return (
    <Stack gap="xs">
      {group.children.length === 0 && (
        <Text size="sm" c="dimmed">
          No subcategories yet
        </Text>
      )}
      {group.children.map((child) => (
        <SubcategoryRow
          key={child.id}
          name={child.name}
          version={child.version}
          onRename={(name, version) =>
            succeeded(() => rename.mutateAsync({ id: child.id, name, parentId: group.id, version }))
          }
          onDelete={() => confirmDeleteCategory(child.name, () => remove.mutate(child.id))}
          active={{
            checked: child.isActive,
            onChange: (isActive) => toggle.mutate({ id: child.id, isActive, version: child.version }),
          }}
        />
      ))}
      <SubcategoryAdder
        busy={add.isPending}
        onAdd={(name) => succeeded(() => add.mutateAsync({ name, parentId: group.id }))}
      />
    </Stack>
  );
}
