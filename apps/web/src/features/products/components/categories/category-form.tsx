import { categoryCreateSchema } from '@crm/domain';
import { Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf, staleRecordOf } from '../../../../lib/api-error';
import { useFocusFirstError } from '../../../../lib/focus-first-error';
import { toast } from '../../../../lib/toast';
import type { CategoryGroup } from '../../api/category-types';
import { useDeleteCategory } from '../../api/use-delete-category';
import { useSaveCategory } from '../../api/use-save-category';
import { productScreenMessages as m } from '../../lib/product-screen-messages';
import { confirmDeleteCategory } from './confirm-delete-category';
import { type PendingSubcategory, PendingSubcategoryList } from './pending-subcategory-list';
import { SavedSubcategoryList } from './saved-subcategory-list';

interface CategoryFormProps {
  /** The category being edited; absent when adding one. */
  group: CategoryGroup | undefined;
  onClose: () => void;
}

/** Name and subcategories of a top-level category. */
export function CategoryForm({ group, onClose }: CategoryFormProps) {
  const [name, setName] = useState(group?.name ?? '');
  // The version whose name the field was filled with; `group` follows the live updates.
  const [openedVersion] = useState(group?.version);
  const [nameError, setNameError] = useState<string>();
  const [pending, setPending] = useState<PendingSubcategory[]>([]);
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const { ref, focusFirstError } = useFocusFirstError();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = categoryCreateSchema.shape.name.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      focusFirstError();
      return;
    }
    try {
      const result = await save.mutateAsync(
        group
          ? { mode: 'edit', id: group.id, name: parsed.data, version: openedVersion }
          : { mode: 'add', name: parsed.data, subcategories: pending.map((item) => item.name) },
      );
      toast.success(group ? m.categoryUpdated : m.categoryCreated);
      if (result.failedSubcategories.length > 0) toast.error(m.addSubcategoryFailed);
      onClose();
    } catch (error) {
      // Renamed by someone else since the dialog opened: the 409 says by whom, rather than overwrite.
      toast.error(staleRecordOf(error)?.message ?? m.saveCategoryFailed);
      setNameError(fieldErrorsOf(error).name);
      focusFirstError();
    }
  };

  const deleteGroup = (target: CategoryGroup) =>
    confirmDeleteCategory(target.name, () => remove.mutate(target.id, { onSuccess: onClose }));

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Category name"
          required
          data-autofocus
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(undefined);
          }}
        />
        <Divider />
        <Text fw={600} size="sm">
          Subcategories
        </Text>
        {group ? (
          <SavedSubcategoryList group={group} />
        ) : (
          <PendingSubcategoryList items={pending} onChange={setPending} />
        )}
        <Divider />
        <Group justify="space-between">
          {group ? (
            <Button
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => deleteGroup(group)}
            >
              Delete Category
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
