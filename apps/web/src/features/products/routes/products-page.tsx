import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { SelectAllMatching } from '../../../components/bulk-actions';
import { DataTable } from '../../../components/data-table';
import { useBulkSelection } from '../../../components/data-table/use-row-selection';
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
  const picked = useBulkSelection();
  const [adding, dialog] = useDisclosure(false);

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
        selection={isAdmin ? picked.selection : undefined}
        toolbar={(listParams, totals) =>
          isAdmin && (
            <>
              <SelectAllMatching list="products" listParams={listParams} selection={picked} totals={totals} />
              <BulkStatusButtons selection={picked} listParams={listParams} />
            </>
          )
        }
      />
      <ProductDialog opened={adding} onClose={dialog.close} />
    </Stack>
  );
}
