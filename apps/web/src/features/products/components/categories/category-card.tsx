import { ActionIcon, Badge, Card, Group, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { CategoryGroup } from '../../api/category-types';

interface CategoryCardProps {
  group: CategoryGroup;
  /** Admins may toggle and edit; everyone else sees the card read-only. */
  canEdit: boolean;
  onToggle: (isActive: boolean) => void;
  onEdit: () => void;
}

export function CategoryCard({ group, canEdit, onToggle, onEdit }: CategoryCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="category-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="sm">
        <Title order={2} fz="h4" style={{ wordBreak: 'break-word' }}>
          {group.name}
        </Title>
        <Group gap="sm" wrap="nowrap">
          <Switch
            checked={group.isActive}
            disabled={!canEdit}
            label={group.isActive ? 'Active' : 'Inactive'}
            aria-label={`${group.name} active`}
            onChange={(event) => onToggle(event.currentTarget.checked)}
          />
          {canEdit && (
            <Tooltip label="Edit category">
              <ActionIcon variant="light" aria-label={`Edit ${group.name}`} onClick={onEdit}>
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {group.children.length === 0 ? (
        <Text size="sm" c="dimmed">
          No subcategories
        </Text>
      ) : (
        <Group gap={6}>
          {group.children.map((child) => (
            <Badge
              key={child.id}
              variant={child.isActive ? 'light' : 'outline'}
              color={child.isActive ? 'blue' : 'gray'}
              tt="none"
              title={child.isActive ? undefined : 'Inactive'}
            >
              {child.name}
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  );
}
