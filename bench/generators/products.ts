import { foldCase, type ProductType, searchFold, turkishSortKey } from '@crm/domain';
import type { Insertable } from 'kysely';
import type { ProductsTable } from '../../apps/server/src/db/schema.js';
import { insertInBatches, type TableName } from '../lib/database.js';
import type { Rng } from '../lib/prng.js';
import type { SeedContext, SeedResult } from './context.js';
import {
  batchFor,
  between,
  creationMs,
  type Dated,
  ExistingAt,
  HISTORY_YEARS,
  iso,
  loadActiveUsers,
  logUniform,
  type StaffUser,
  YEAR_MS,
} from './population.js';

/**
 * Tables the products step fills, children first; --reset empties them. The category tree is not
 * among them: the six groups belong to the migration, and the subcategories are added once and
 * reused (a category in use cannot be deleted anyway).
 */
export const PRODUCT_TABLES: readonly TableName[] = ['product_category_links', 'products'];

type W = readonly { value: string; weight: number }[];
const w = (text: string): W =>
  text
    .trim()
    .split('\n')
    .map((line) => {
      const [value, weight] = line.split('|').map((part) => part.trim());
      return { value: value!, weight: Number(weight ?? 1) };
    });

/** Subcategories under each of the six groups, weighted by how often listings carry them. */
const CITY = w(`
  Kyrenia | 18
  İskele | 14
  Famagusta | 9
  Esentepe | 7
  Nicosia | 9
  Alsancak | 5
  Lapta | 5
  Çatalköy | 3
  Bellapais | 2
  Güzelyurt | 2
  Lefke | 2
  Bafra | 3
  Tatlısu | 2
  Karpaz | 2
  Long Beach | 4
  Limassol | 2
  Paphos | 2
  Larnaca | 1
  İstanbul | 3
  Antalya | 3
  Alanya | 3
  Mersin | 2
  Bodrum | 1
  Fethiye | 1
  İzmir | 1
`);

const UNIT_TYPE = w(`
  Studio
  1+0
  1+1
  2+1
  3+1
  4+1
  5+1
  6+1
`);

const PROPERTY_TYPE = w(`
  Apartment | 40
  Penthouse | 8
  Villa | 15
  Bungalow | 6
  Semi-detached House | 5
  Townhouse | 5
  Loft | 3
  Duplex | 4
  Residence | 4
  Land | 5
  Commercial Unit | 2
  Office | 2
  Shop | 1
  Dormitory Room | 0
`);

const VIEW = w(`
  Sea View | 40
  Mountain View | 20
  City View | 10
  Garden View | 10
  Pool View | 10
  Golf View | 5
  Nature View | 5
`);

const INTERIOR = w(`
  Air Conditioning | 8
  Fitted Kitchen | 7
  White Goods | 6
  Furnished | 5
  Underfloor Heating | 3
  Fireplace | 2
  En-suite Bathroom | 5
  Walk-in Wardrobe | 2
  Smart Home | 1
  Laundry Room | 2
  Storage Room | 3
  Double Glazing | 5
  Solar Water Heater | 4
  Fibre Internet | 4
  Jacuzzi | 1
`);

const EXTERIOR = w(`
  Private Pool | 4
  Communal Pool | 8
  Garden | 6
  Terrace | 6
  Roof Terrace | 3
  Balcony | 8
  Parking | 7
  Covered Parking | 3
  BBQ Area | 3
  Gym | 3
  Spa | 1
  Security 24/7 | 3
  Gated Community | 3
  Children's Playground | 2
  Electric Car Charging | 1
  Generator | 3
  Lift | 4
  Beach Access | 2
`);

export const CATEGORY_TREE: Readonly<Record<string, W>> = {
  City: CITY,
  'Unit Type': UNIT_TYPE,
  'Property Type': PROPERTY_TYPE,
  View: VIEW,
  'Interior Features': INTERIOR,
  'Exterior Features': EXTERIOR,
};

/** Unit types by property type; land, shops and offices have none. */
const UNITS_BY_PROPERTY: Readonly<Record<string, W>> = {
  Apartment: w('Studio | 2\n1+0 | 1\n1+1 | 6\n2+1 | 8\n3+1 | 4'),
  Penthouse: w('2+1 | 3\n3+1 | 4\n4+1 | 1'),
  Villa: w('3+1 | 4\n4+1 | 4\n5+1 | 2\n6+1 | 1'),
  Bungalow: w('2+1 | 3\n3+1 | 2'),
  'Semi-detached House': w('3+1 | 3\n4+1 | 1'),
  Townhouse: w('2+1 | 2\n3+1 | 3'),
  Loft: w('1+1 | 2\n2+1 | 1'),
  Duplex: w('3+1 | 2\n4+1 | 2'),
  Residence: w('1+1 | 2\n2+1 | 2\n3+1 | 1'),
};

/** Typical floor areas (m²) by unit type. */
const AREA: Readonly<Record<string, readonly [number, number]>> = {
  Studio: [32, 50],
  '1+0': [38, 55],
  '1+1': [50, 78],
  '2+1': [75, 115],
  '3+1': [110, 175],
  '4+1': [160, 260],
  '5+1': [220, 400],
  '6+1': [300, 600],
};

const ADJECTIVES = [
  'Modern',
  'Luxury',
  'Spacious',
  'Brand New',
  'Resale',
  'Off-plan',
  'Cosy',
  'Renovated',
  'Beachfront',
  'Stylish',
];
const UNIVERSITIES = [
  'Near East University',
  'Eastern Mediterranean University',
  'Girne American University',
  'Cyprus International University',
  'European University of Lefke',
  'Final International University',
];
const DORM_CITIES: Readonly<Record<string, string>> = {
  'Near East University': 'Nicosia',
  'Eastern Mediterranean University': 'Famagusta',
  'Girne American University': 'Kyrenia',
  'Cyprus International University': 'Nicosia',
  'European University of Lefke': 'Lefke',
  'Final International University': 'Kyrenia',
};
const ROOM_TYPES = [
  'Single Room',
  'Double Room',
  'Studio Room',
  'Shared Room (3 beds)',
  'En-suite Single Room',
];
const MAINTENANCE = [
  { service: 'Pool Maintenance', type: 'Pool' },
  { service: 'Garden Maintenance', type: 'Garden' },
  { service: 'Air Conditioning Service', type: 'Air Conditioning' },
  { service: 'Property Management', type: 'Management' },
  { service: 'Cleaning Service', type: 'Cleaning' },
  { service: 'Key Holding', type: 'Key Holding' },
  { service: 'Pest Control', type: 'Pest Control' },
  { service: 'Solar Panel Cleaning', type: 'Solar' },
  { service: 'Plumbing Check', type: 'Plumbing' },
  { service: 'Electrical Safety Check', type: 'Electrical' },
];
const PLANS = ['Monthly', 'Quarterly', 'Annual', 'One-off', 'Seasonal'];

export interface Categories {
  /** Subcategory id by group name and subcategory name. */
  byGroup: Map<string, Map<string, number>>;
  added: number;
}

/** Adds the subcategories that are missing under the six groups; answers every subcategory's id. */
export async function ensureCategoryTree(ctx: SeedContext): Promise<Categories> {
  const at = iso(ctx.until.getTime() - HISTORY_YEARS * YEAR_MS);
  const read = () => ctx.db.selectFrom('product_categories').select(['id', 'name', 'parent_id']).execute();
  const rows = await read();
  const groups = new Map(rows.filter((row) => row.parent_id === null).map((row) => [row.name, row.id]));
  const missing: {
    name: string;
    sort_key: string;
    parent_id: number;
    is_active: number;
    created_at: string;
    updated_at: string;
  }[] = [];
  for (const [group, children] of Object.entries(CATEGORY_TREE)) {
    const groupId = groups.get(group);
    if (groupId === undefined)
      throw new Error(`The category group ${group} is missing; is the database migrated?`);
    const existing = new Set(rows.filter((row) => row.parent_id === groupId).map((row) => row.name));
    for (const { value } of children) {
      if (!existing.has(value))
        missing.push({
          name: value,
          sort_key: turkishSortKey(value),
          parent_id: groupId,
          is_active: 1,
          created_at: at,
          updated_at: at,
        });
    }
  }
  if (missing.length > 0) await ctx.db.insertInto('product_categories').values(missing).execute();
  const byGroup = new Map<string, Map<string, number>>();
  const groupNames = new Map([...groups].map(([name, id]) => [id, name]));
  for (const row of await read()) {
    if (row.parent_id === null) continue;
    const group = groupNames.get(row.parent_id);
    if (group === undefined) continue;
    const map = byGroup.get(group) ?? new Map<string, number>();
    if (!map.has(row.name)) map.set(row.name, row.id);
    byGroup.set(group, map);
  }
  return { byGroup, added: missing.length };
}

interface PlannedProduct {
  row: Insertable<ProductsTable>;
  /** Chosen subcategories as [group, name]. */
  categories: [string, string][];
}

function distinct(rng: Rng, items: W, min: number, max: number): string[] {
  const wanted = rng.int(min, max);
  const chosen = new Set<string>();
  for (let tries = 0; chosen.size < wanted && tries < wanted * 10; tries++) chosen.add(rng.weighted(items));
  return [...chosen];
}

const pounds = (n: number) => `£${n.toLocaleString('en-GB')}`;

/** What one kind of product contributes: its text, its categories and its type's columns. */
interface MadeProduct {
  title: string;
  description: string;
  categories: [string, string][];
  fields: Partial<Insertable<ProductsTable>>;
}

function realEstate(rng: Rng): MadeProduct {
  const property = rng.weighted(PROPERTY_TYPE);
  const city = rng.weighted(CITY);
  const unit = UNITS_BY_PROPERTY[property] ? rng.weighted(UNITS_BY_PROPERTY[property]) : null;
  const view = property !== 'Land' && rng.chance(0.75) ? rng.weighted(VIEW) : null;
  const land = property === 'Land';
  const commercial = ['Commercial Unit', 'Office', 'Shop'].includes(property);
  const interior = land ? [] : distinct(rng, INTERIOR, 2, 7);
  const exterior = land ? [] : distinct(rng, EXTERIOR, 1, 6);
  const [minArea, maxArea] = land ? [300, 5000] : commercial ? [40, 300] : (AREA[unit ?? '2+1'] ?? [75, 115]);
  const m2 = Math.round(rng.int(minArea * 2, maxArea * 2)) / 2;
  const perM2 =
    (land ? rng.int(60, 300) : rng.int(1200, 3200)) *
    (property === 'Villa' || property === 'Penthouse' ? 1.25 : 1) *
    (view === 'Sea View' ? 1.2 : 1);
  const price = Math.max(15_000, Math.round((m2 * perM2) / 500) * 500);
  const status = rng.weighted([
    { value: 'AVAILABLE', weight: 70 },
    { value: 'RESERVED', weight: 10 },
    { value: 'SOLD', weight: 20 },
  ]);
  const adjective = rng.pick(ADJECTIVES);
  const title = land
    ? `Building Plot in ${city} (${m2.toLocaleString('en-GB')} m²)`
    : commercial
      ? `${property} for Sale in ${city}`
      : rng.chance(0.5)
        ? `${adjective} ${unit} ${property}${view ? ` with ${view}` : ''} in ${city}`
        : `${property} ${unit}, ${city}${exterior.includes('Private Pool') ? ' – Private Pool' : ''}`;
  const description = land
    ? `A ${m2.toLocaleString('en-GB')} m² plot in ${city} with planning permission for residential use. Title deed ready; asking ${pounds(price)}.`
    : `${adjective} ${unit ?? ''} ${property.toLowerCase()} of ${m2} m² in ${city}${view ? ` with ${view.toLowerCase()}` : ''}. ` +
      `${interior.length > 0 ? `Features: ${[...interior, ...exterior].join(', ').toLowerCase()}. ` : ''}` +
      `${rng.pick(['Title deed ready.', 'Completion next summer.', 'Payment plan available.', 'Rental guarantee for two years.', 'Ready to move in.'])}`;
  const categories: [string, string][] = [
    ['City', city],
    ['Property Type', property],
    ...(unit ? [['Unit Type', unit] as [string, string]] : []),
    ...(view ? [['View', view] as [string, string]] : []),
    ...interior.map((name) => ['Interior Features', name] as [string, string]),
    ...exterior.map((name) => ['Exterior Features', name] as [string, string]),
  ];
  return {
    title,
    description: description.replace(/\s+/g, ' ').trim(),
    categories,
    fields: {
      sale_price_pence: price * 100,
      area_centi_m2: Math.round(m2 * 100),
      real_estate_status: status,
    },
  };
}

function dormitory(rng: Rng): MadeProduct {
  const university = rng.pick(UNIVERSITIES);
  const city = DORM_CITIES[university]!;
  const room = rng.pick(ROOM_TYPES);
  const residence = rng.chance(0.5)
    ? `${university} Dormitories`
    : `${rng.pick(['Campus', 'Central', 'Palm', 'Olive', 'Harbour', 'Sunrise'])} Student Residence`;
  const term = logUniform(rng, 1200, 3500, 50);
  const annual = Math.round((term * 2 * 0.9) / 50) * 50;
  const interior = distinct(
    rng,
    w('Furnished | 6\nAir Conditioning | 5\nFibre Internet | 5\nEn-suite Bathroom | 3\nLaundry Room | 2'),
    2,
    4,
  );
  return {
    title: `${room} – ${residence}, ${city}`,
    description: `${room} at ${residence}, walking distance to ${university}. Bills and weekly cleaning included.`,
    categories: [
      ['City', city],
      ['Property Type', 'Dormitory Room'],
      ...interior.map((name) => ['Interior Features', name] as [string, string]),
      ...(rng.chance(0.4)
        ? [['Exterior Features', rng.pick(['Gym', 'Parking', 'Security 24/7'])] as [string, string]]
        : []),
    ],
    fields: {
      room_number: `${rng.pick(['A', 'B', 'C', 'D'])}-${rng.int(1, 6)}${rng.int(0, 2)}${rng.int(1, 9)}`,
      term_price_pence: term * 100,
      annual_price_pence: annual * 100,
    },
  };
}

function maintenance(rng: Rng): MadeProduct {
  const { service, type } = rng.pick(MAINTENANCE);
  const plan = rng.pick(PLANS);
  const city = rng.weighted(CITY);
  const description = `${plan} ${service.toLowerCase()} for homes in ${city} and nearby villages; priced per visit, materials extra.`;
  return {
    title: `${service} – ${plan}${rng.chance(0.5) ? `, ${city}` : ''}`,
    description,
    categories: rng.chance(0.6) ? [['City', city]] : [],
    fields: { maintenance_type: type, maintenance_description: description },
  };
}

/**
 * `count` products over the last three years: mostly real estate (apartments, villas, land… in the
 * island's towns, with unit type, view and features as categories, prices by area), some student
 * dormitory rooms and maintenance services. A product takes one subcategory per group, several of
 * the feature groups, as the server requires. Columns follow products.service's productColumns.
 */
export function planProducts(
  rng: Rng,
  count: number,
  users: ExistingAt<StaffUser>,
  companies: ExistingAt<Dated>,
  until: Date,
): PlannedProduct[] {
  const end = until.getTime();
  const planned: PlannedProduct[] = [];
  for (let i = 0; i < count; i++) {
    const created = creationMs(rng, i, count, until, 1.2);
    const updated = rng.chance(0.3) ? between(rng, created, end) : created;
    const type = rng.weighted([
      { value: 'REAL_ESTATE' as ProductType, weight: 80 },
      { value: 'DORMITORY' as ProductType, weight: 12 },
      { value: 'MAINTENANCE' as ProductType, weight: 8 },
    ]);
    const made =
      type === 'REAL_ESTATE' ? realEstate(rng) : type === 'DORMITORY' ? dormitory(rng) : maintenance(rng);
    const company =
      type === 'REAL_ESTATE' && rng.chance(0.65) ? companies.maybePickAt(rng, created) : undefined;
    planned.push({
      categories: made.categories,
      row: {
        title: made.title,
        title_key: foldCase(made.title),
        title_fold: searchFold(made.title),
        description: made.description,
        product_type: type,
        real_estate_company_id: company?.id ?? null,
        sale_price_pence: null,
        area_centi_m2: null,
        real_estate_status: null,
        room_number: null,
        term_price_pence: null,
        annual_price_pence: null,
        maintenance_type: null,
        maintenance_description: null,
        ...made.fields,
        is_active: rng.chance(0.93) ? 1 : 0,
        created_by_id: users.pickAt(rng, created).id,
        created_at: iso(created),
        updated_at: iso(updated),
      },
    });
  }
  return planned;
}

/** Adds the category tree's subcategories, then `count` products and their category links. */
export async function seedProducts(ctx: SeedContext, count: number): Promise<SeedResult> {
  const categoriesStarted = performance.now();
  const categories = await ensureCategoryTree(ctx);
  const categoriesMs = performance.now() - categoriesStarted;
  const started = performance.now();
  const users = new ExistingAt(await loadActiveUsers(ctx.db));
  const companies = new ExistingAt(
    (
      await ctx.db
        .selectFrom('agencies')
        .select(['id', 'created_at'])
        .where('type', '=', 'COMPANY')
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => ({ id: row.id, createdMs: Date.parse(row.created_at) })),
  );
  const planned = planProducts(ctx.rng.fork('products'), count, users, companies, ctx.until);
  const written = await insertInBatches(
    ctx.db,
    planned.map((product) => product.row),
    (trx, batch) => trx.insertInto('products').values(batch).execute(),
    batchFor(17, ctx.batch),
  );
  const productsMs = performance.now() - started;

  const linksStarted = performance.now();
  // The table was empty, so ids in ascending order are the planned products in order.
  const ids = (await ctx.db.selectFrom('products').select('id').orderBy('id').execute()).map((r) => r.id);
  if (ids.length !== planned.length)
    throw new Error(`Expected ${planned.length} products, found ${ids.length}`);
  const links = planned.flatMap((product, i) =>
    product.categories.map(([group, name]) => {
      const categoryId = categories.byGroup.get(group)?.get(name);
      if (categoryId === undefined) throw new Error(`No category ${group} › ${name}`);
      return { product_id: ids[i]!, category_id: categoryId };
    }),
  );
  const linkRows = await insertInBatches(
    ctx.db,
    links,
    (trx, batch) => trx.insertInto('product_category_links').values(batch).execute(),
    batchFor(2, ctx.batch),
  );
  return {
    table: 'products',
    rows: written,
    ms: productsMs,
    also: [
      ...(categories.added > 0
        ? [{ table: 'product_categories', rows: categories.added, ms: categoriesMs }]
        : []),
      { table: 'product_category_links', rows: linkRows, ms: performance.now() - linksStarted },
    ],
  };
}
