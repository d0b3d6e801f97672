import { IconDotsVertical, IconEye } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { RowMenu } from '../../../../components/data-table';
import type { ProductListRow } from '../../api/product-types';

/**
 * The row menu: View opens /product/{id} with the row as navigation state (a list row, so the
 * detail shows its loader until the whole product arrives).
 */
export function ProductRowActions({ product }: { product: ProductListRow }) {
  const navigate = useNavigate();
  const view = () => navigate(`/product/${product.id}`, { state: { product } });
  return (
    <RowMenu
      label={`Actions for ${product.title}`}
      icon={<IconDotsVertical size={18} />}
      items={[{ label: 'View', icon: <IconEye size={16} />, onClick: view }]}
    />
  );
}
