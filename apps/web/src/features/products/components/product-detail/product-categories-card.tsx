import { Card, Stack, Title } from '@mantine/core';
import type { Product } from '../../api/product-types';
import { useCategoryTree } from '../../api/use-category-tree';
import { CategoryGroupIcon } from './category-group-icon';
import { categoryGroupRows } from './category-group-rows';
import { DetailField } from './detail-field';

/** One row per top-level group with the product's choices in it, or a dash. */
export function ProductCategoriesCard({ product }: { product: Product }) {
  const tree = useCategoryTree();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="md">
        Categories
      </Title>
      <Stack gap="sm">
        {categoryGroupRows(product, tree.data).map((row) => (
          <DetailField key={row.group} label={row.group} icon={<CategoryGroupIcon group={row.group} />}>
            {row.chosen.length > 0 ? row.chosen.join(', ') : '-'}
          </DetailField>
        ))}
      </Stack>
    </Card>
  );
}
