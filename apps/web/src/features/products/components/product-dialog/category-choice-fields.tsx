import { Fieldset, Loader, MultiSelect, Select, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CategoryGroup } from '../../api/category-types';
import { useCategoryTree } from '../../api/use-category-tree';
import { isMultiChoice, offeredGroups, optionsOf, replaceGroupChoice } from './category-options';

interface CategoryChoiceFieldsProps {
  categoryIds: number[];
  error: string | undefined;
  onChange: (categoryIds: number[]) => void;
}

/** One choice per top-level group: a select, or a multi-select for the feature groups. */
export function CategoryChoiceFields({ categoryIds, error, onChange }: CategoryChoiceFieldsProps) {
  const tree = useCategoryTree();
  const chosen = new Set(categoryIds);

  let content: ReactNode;
  if (tree.isPending) content = <Loader size="sm" aria-label="Loading categories" />;
  else if (!tree.data)
    content = (
      <Text c="dimmed" size="sm">
        Categories could not be loaded.
      </Text>
    );
  else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {offeredGroups(tree.data, chosen).map((group) => (
          <GroupChoice
            key={group.id}
            group={group}
            chosen={chosen}
            onPick={(picked) => onChange(replaceGroupChoice(categoryIds, group, picked))}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Fieldset legend="Categories" radius="md">
      {content}
      {error && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}

interface GroupChoiceProps {
  group: CategoryGroup;
  chosen: ReadonlySet<number>;
  onPick: (picked: string[]) => void;
}

function GroupChoice({ group, chosen, onPick }: GroupChoiceProps) {
  const options = optionsOf(group, chosen);
  const value = options.filter((option) => chosen.has(Number(option.value))).map((option) => option.value);
  const common = {
    label: group.name,
    data: options,
    disabled: options.length === 0,
    placeholder: options.length === 0 ? 'No subcategories yet' : 'Choose',
    searchable: true,
    clearable: true,
    nothingFoundMessage: 'Nothing found',
  };
  return isMultiChoice(group) ? (
    <MultiSelect {...common} value={value} onChange={onPick} hidePickedOptions />
  ) : (
    <Select {...common} value={value[0] ?? null} onChange={(picked) => onPick(picked ? [picked] : [])} />
  );
}
