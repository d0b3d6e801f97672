import { Card, Stack, Title } from '@mantine/core';
import { EMPTY_VALUE, formatArea, formatMoney } from '../../../../lib/format';
import type { Product } from '../../api/product-types';
import { PRODUCT_TYPE_LABELS, realEstateStatusLabel } from '../../lib/product-labels';
import { DetailField } from './detail-field';

const orDash = (text: string | null | undefined) => (text?.trim() ? text : EMPTY_VALUE);

/** The block of the product's type: real estate, dormitory or maintenance (002 §2). */
export function ProductTypeCard({ product }: { product: Product }) {
  const {
    realEstateProduct: realEstate,
    dormitoryProduct: dormitory,
    maintenanceProduct: maintenance,
  } = product;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="md">
        {PRODUCT_TYPE_LABELS[product.productType]} Details
      </Title>
      <Stack gap="sm">
        {product.productType === 'REAL_ESTATE' && (
          <>
            <DetailField label="Sale Price">{formatMoney(realEstate?.salePrice)}</DetailField>
            <DetailField label="Meter Square">{formatArea(realEstate?.m2)}</DetailField>
            <DetailField label="Status">
              {realEstate ? realEstateStatusLabel(realEstate.status) : EMPTY_VALUE}
            </DetailField>
          </>
        )}
        {product.productType === 'DORMITORY' && (
          <>
            <DetailField label="Room Number">{orDash(dormitory?.roomNumber)}</DetailField>
            <DetailField label="Semester Price">{formatMoney(dormitory?.termPrice)}</DetailField>
            <DetailField label="Academic Year Price">{formatMoney(dormitory?.annualPrice)}</DetailField>
          </>
        )}
        {product.productType === 'MAINTENANCE' && (
          <>
            <DetailField label="Type">{orDash(maintenance?.productType)}</DetailField>
            <DetailField label="Description">{orDash(maintenance?.description)}</DetailField>
          </>
        )}
      </Stack>
    </Card>
  );
}
