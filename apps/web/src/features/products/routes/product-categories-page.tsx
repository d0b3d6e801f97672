import { Button, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../../lib/session-context';
import { useCategoryTree } from '../api/use-category-tree';
import { useToggleCategory } from '../api/use-toggle-category';
import { CategoryCard } from '../components/categories/category-card';
import { CategoryDialog } from '../components/categories/category-dialog';
import { inGroupOrder } from '../lib/group-order';
import { productScreenMessages as m } from '../lib/product-screen-messages';

/** What the dialog shows: a new category, or an existing one by id (read live from the tree). */
type DialogTarget = { mode: 'add' } | { mode: 'edit'; id: number };

export function ProductCategoriesPage() {
  const canEdit = useCurrentUser().role === 'admin';
  const tree = useCategoryTree();
  const toggle = useToggleCategory();
  const [target, setTarget] = useState<DialogTarget>({ mode: 'add' });
  const [opened, setOpened] = useState(false);
  const open = (next: DialogTarget) => {
    setTarget(next);
    setOpened(true);
  };

  const groups = inGroupOrder(tree.data ?? [], (group) => group.name);
  const editing = target.mode === 'edit' ? groups.find((group) => group.id === target.id) : undefined;
  // A category deleted from its own dialog leaves nothing to edit.
  const dialogOpen = opened && (target.mode === 'add' || editing !== undefined);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Product Categories</Title>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => open({ mode: 'add' })}>
            Add Category
          </Button>
        )}
      </Group>
      {tree.isPending ? (
        <Center h={240}>
          <Loader aria-label="Loading categories" />
        </Center>
      ) : groups.length === 0 ? (
        <Text c="dimmed">{tree.isError ? m.loadCategoriesFailed : m.noCategories}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {groups.map((group) => (
            <CategoryCard
              key={group.id}
              group={group}
              canEdit={canEdit}
              onToggle={(isActive) => toggle.mutate({ id: group.id, isActive, version: group.version })}
              onEdit={() => open({ mode: 'edit', id: group.id })}
            />
          ))}
        </SimpleGrid>
      )}
      {canEdit && <CategoryDialog opened={dialogOpen} group={editing} onClose={() => setOpened(false)} />}
    </Stack>
  );
}
