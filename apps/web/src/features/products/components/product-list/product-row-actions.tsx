import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical, IconEye } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { ProductListRow } from '../../api/product-types';

/**
 * The row menu: View opens /product/{id} with the row as navigation state (a list row, so the
 * detail shows its loader until the whole product arrives).
 */
export function ProductRowActions({ product }: { product: ProductListRow }) {
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${product.title}`}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconEye size={16} />}
          onClick={() => navigate(`/product/${product.id}`, { state: { product } })}
        >
          View
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
