import { Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { SubcategoryAdder } from './subcategory-adder';
import { SubcategoryRow } from './subcategory-row';

export interface PendingSubcategory {
  key: number;
  name: string;
}

interface PendingSubcategoryListProps {
  items: readonly PendingSubcategory[];
  onChange: (items: PendingSubcategory[]) => void;
}

/** Subcategories of a category not saved yet: kept here and created after their parent. */
export function PendingSubcategoryList({ items, onChange }: PendingSubcategoryListProps) {
  const nextKey = useRef(1);
  return (
    <Stack gap="xs">
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          No subcategories yet
        </Text>
      )}
      {items.map((item) => (
        <SubcategoryRow
          key={item.key}
          name={item.name}
          onRename={(name) => {
            onChange(items.map((other) => (other.key === item.key ? { ...other, name } : other)));
            return true;
          }}
          onDelete={() => onChange(items.filter((other) => other.key !== item.key))}
        />
      ))}
      <SubcategoryAdder
        onAdd={(name) => {
          onChange([...items, { key: nextKey.current++, name }]);
          return true;
        }}
      />
    </Stack>
  );
}
