import { ActionIcon, Badge, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { formatDateTime } from '../../../../lib/format';
import type { Product } from '../../api/product-types';
import { PRODUCT_TYPE_LABELS } from '../../lib/product-labels';
import { DetailField } from './detail-field';

interface ProductSummaryCardProps {
  product: Product;
  onEdit: () => void;
}

/** Title, created date, status, type, company and description, with the edit pencil. */
export function ProductSummaryCard({ product, onEdit }: ProductSummaryCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md">
        <Stack gap={6}>
          <Title order={1} fz="h2">
            {product.title}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color={product.isActive ? 'teal' : 'gray'}>
              {product.isActive ? 'Active' : 'Inactive'}
            </Badge>
            <Badge variant="outline" color="blue">
              {PRODUCT_TYPE_LABELS[product.productType]}
            </Badge>
          </Group>
        </Stack>
        <Tooltip label="Edit product">
          <ActionIcon variant="light" size="lg" aria-label="Edit product" onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Stack gap="sm">
        <DetailField label="Created">{formatDateTime(product.createdAt) || '-'}</DetailField>
        {product.realEstateCompany && (
          <DetailField label="Real Estate Company">{product.realEstateCompany.name}</DetailField>
        )}
        {product.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {product.description}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
