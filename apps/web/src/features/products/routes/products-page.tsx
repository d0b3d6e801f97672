import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type RowId } from '../../../components/data-table';
import { EXPORT_COLUMNS, ExportButton } from '../../../components/import-export';
import { useCurrentUser } from '../../../lib/session-context';
import { productKeys } from '../api/product-keys';
import type { ProductListRow } from '../api/product-types';
import { fetchProductsPage } from '../api/products-api';
import { ProductDialog } from '../components/product-dialog/product-dialog';
import { BulkStatusButtons } from '../components/product-list/bulk-status-buttons';
import { productColumns, productHref } from '../components/product-list/product-columns';
import { productScreenMessages as m } from '../lib/product-screen-messages';

const getProductId = (product: ProductListRow) => product.id;

export function ProductsPage() {
  const isAdmin = useCurrentUser().role === 'admin';
  const [selectedIds, setSelectedIds] = useState<RowId[]>([]);
  const [adding, dialog] = useDisclosure(false);
  const clearSelection = () => setSelectedIds([]);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Products</Title>
        <Group>
          <ExportButton list="products" columns={EXPORT_COLUMNS.products} />
          <Button leftSection={<IconPlus size={16} />} onClick={dialog.open}>
            Add Product
          </Button>
        </Group>
      </Group>
      <DataTable
        listId="products"
        queryKey={productKeys.all}
        fetchPage={fetchProductsPage}
        columns={productColumns}
        getRowId={getProductId}
        rowHref={productHref}
        getRowLabel={(product) => `Select ${product.title}`}
        searchPlaceholder="Search products..."
        searchLabel="Search products"
        loadErrorMessage={m.loadProductsFailed}
        emptyState={<Text c="dimmed">{m.noProducts}</Text>}
        selection={isAdmin ? { selectedIds, onChange: setSelectedIds } : undefined}
        toolbar={
          isAdmin && <BulkStatusButtons selectedIds={selectedIds.map(Number)} onDone={clearSelection} />
        }
      />
      <ProductDialog opened={adding} onClose={dialog.close} />
    </Stack>
  );
}
