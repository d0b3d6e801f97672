import { z } from 'zod';
import { ID_MAX } from './ids.js';
import { readMoney } from './money.js';

export * from './product-constants.js';

import { PRODUCT_TYPES, productMessages, REAL_ESTATE_STATUSES } from './product-constants.js';

/** An amount in pounds (or m²), typed text read as offices write it ("250.000"); unclear text refused. */
const money = (label: string) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (typeof value !== 'string') return value ?? null;
      const read = readMoney(value, label);
      if (read.ok) return read.amount;
      ctx.addIssue({ code: 'custom', message: read.message });
      return z.NEVER;
    })
    .pipe(
      z
        .number({ error: 'Amounts must be numbers' })
        .finite({ error: 'Amounts must be numbers' })
        .min(0, { error: productMessages.amountMin })
        .max(1_000_000_000_000)
        .nullable(),
    );

const optionalText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => value?.trim() || null)
    .pipe(z.string().max(max).nullable());

export const realEstateBlockSchema = z.object({
  salePrice: money('Sale Price'),
  m2: money('Meter Square'),
  status: z
    .union([z.enum(REAL_ESTATE_STATUSES), z.literal(''), z.null()], { error: productMessages.statusInvalid })
    .optional()
    .transform((value) => value || 'AVAILABLE'),
});

export const dormitoryBlockSchema = z.object({
  roomNumber: optionalText(50),
  termPrice: money('Semester Price'),
  annualPrice: money('Academic Year Price'),
});

export const maintenanceBlockSchema = z.object({
  productType: optionalText(100),
  description: optionalText(2000),
});

/** POST /api/products and PUT /api/products/{id}; the block of the chosen type is required. */
export const productFormSchema = z
  .object({
    title: z
      .string({ error: productMessages.titleRequired })
      .trim()
      .min(1, { error: productMessages.titleRequired })
      .max(200),
    description: optionalText(5000).transform((value) => value ?? ''),
    categoryIds: z
      .array(z.coerce.number().int().positive().max(ID_MAX))
      .max(100)
      .optional()
      .transform((ids) => [...new Set(ids ?? [])]),
    productType: z.enum(PRODUCT_TYPES, { error: productMessages.typeInvalid }),
    realEstateCompanyId: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((value) =>
        value === '' || value === null || value === undefined || Number(value) === 0 ? null : Number(value),
      )
      .pipe(z.number({ error: productMessages.companyNotFound }).int().positive().max(ID_MAX).nullable()),
    realEstateProduct: realEstateBlockSchema.nullable().optional(),
    dormitoryProduct: dormitoryBlockSchema.nullable().optional(),
    maintenanceProduct: maintenanceBlockSchema.nullable().optional(),
    /** New products are active; an edit that leaves it out keeps the product's state. */
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .superRefine((product, ctx) => {
    const block = {
      REAL_ESTATE: product.realEstateProduct,
      DORMITORY: product.dormitoryProduct,
      MAINTENANCE: product.maintenanceProduct,
    }[product.productType];
    const key = {
      REAL_ESTATE: 'realEstateProduct',
      DORMITORY: 'dormitoryProduct',
      MAINTENANCE: 'maintenanceProduct',
    }[product.productType];
    if (!block)
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: productMessages.blockRequired(product.productType),
      });
  });
export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductForm = z.output<typeof productFormSchema>;

export const categoryCreateSchema = z.object({
  name: z
    .string({ error: productMessages.categoryNameRequired })
    .trim()
    .min(1, { error: productMessages.categoryNameRequired })
    .max(100),
  parentId: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) =>
      value === '' || value === null || value === undefined || Number(value) === 0 ? null : Number(value),
    )
    .pipe(z.number({ error: productMessages.parentNotFound }).int().positive().max(ID_MAX).nullable()),
});

/** PATCH takes a rename (name and parentId) or a status change (isActive), or both. */
export const categoryPatchSchema = z
  .object({
    name: categoryCreateSchema.shape.name.optional(),
    parentId: categoryCreateSchema.shape.parentId,
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .refine((patch) => patch.name !== undefined || patch.isActive !== undefined, {
    error: 'Send a name or an isActive value',
  });
