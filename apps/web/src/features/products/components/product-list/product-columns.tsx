import { Badge, Text } from '@mantine/core';
import { cellLink, type DataTableColumn } from '../../../../components/data-table';
import { formatDateTime } from '../../../../lib/format';
import type { ProductListRow } from '../../api/product-types';
import { ProductRowActions } from './product-row-actions';

/** Where a row of the products list leads. */
export function productHref(product: Pick<ProductListRow, 'id'>): string {
  return `/product/${product.id}`;
}

/**
 * 002 §2 "Product list": Title, Created By (which shows the created date and time), Status and
 * Actions. Title and the created date sort on the server.
 */
export const productColumns: DataTableColumn<ProductListRow>[] = [
  {
    key: 'title',
    header: 'Title',
    width: 'minmax(200px, 2fr)',
    sortable: true,
    render: (product) => cellLink(product.title, productHref(product), { product }),
  },
  {
    key: 'createdAt',
    header: 'Created By',
    width: 'minmax(170px, 1fr)',
    sortable: true,
    render: (product) => <Text size="sm">{formatDateTime(product.createdAt) || '-'}</Text>,
  },
  {
    key: 'isActive',
    header: 'Status',
    width: 'minmax(110px, 0.7fr)',
    render: (product) => (
      <Badge variant="light" color={product.isActive ? 'teal' : 'gray'}>
        {product.isActive ? 'Active' : 'Inactive'}
      </Badge>
    ),
  },
  {
    key: 'actions',
    header: 'Actions',
    width: '90px',
    align: 'center',
    render: (product) => <ProductRowActions product={product} />,
  },
];
