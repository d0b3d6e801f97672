import { productMessages } from '@crm/domain';
import { Button, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { useProduct } from '../api/use-product';
import { ProductCategoriesCard } from '../components/product-detail/product-categories-card';
import { ProductSummaryCard } from '../components/product-detail/product-summary-card';
import { ProductTypeCard } from '../components/product-detail/product-type-card';
import { ProductDialog } from '../components/product-dialog/product-dialog';
import { parseProductId, passedProduct } from '../lib/passed-product';

export function ProductDetailPage() {
  const params = useParams();
  const id = parseProductId(params.id);
  const location = useLocation();
  const navigate = useNavigate();
  const passed = passedProduct(location.state, id);
  const query = useProduct(id, passed);
  const [editing, editor] = useDisclosure(false);

  // A 404 means the product is gone; after any other failure the list's copy is still worth showing.
  const missing = query.error instanceof ApiError && query.error.status === 404;
  const product = missing ? undefined : (query.data ?? passed);
  // History back, unless the page was opened directly (then there is nothing to go back to).
  const back = () => (location.key === 'default' ? navigate('/products') : navigate(-1));

  return (
    <Stack gap="lg">
      <Group>
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={back}>
          Back
        </Button>
      </Group>
      {product ? (
        <>
          <ProductSummaryCard product={product} onEdit={editor.open} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ProductCategoriesCard product={product} />
            <ProductTypeCard product={product} />
          </SimpleGrid>
          <ProductDialog opened={editing} product={product} onClose={editor.close} />
        </>
      ) : query.isPending && id !== undefined ? (
        <Center h={240}>
          <Loader aria-label="Loading product" />
        </Center>
      ) : (
        <Text c="dimmed">{productMessages.productNotFound}</Text>
      )}
    </Stack>
  );
}
