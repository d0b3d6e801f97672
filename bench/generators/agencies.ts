import {
  callingCodeOf,
  foldCase,
  nationalPhoneKey,
  percentToBasisPoints,
  type StaffPosition,
  searchFold,
} from '@crm/domain';
import type { Insertable } from 'kysely';
import type { AgenciesTable, AgencyStaffTable } from '../../apps/server/src/db/schema.js';
import { insertInBatches, type TableName } from '../lib/database.js';
import type { Rng } from '../lib/prng.js';
import type { SeedContext, SeedResult } from './context.js';
import { asciiSlug, randomPerson } from './names.js';
import { cityIn, OFFICE_COUNTRIES, officeNumber } from './places.js';
import {
  batchFor,
  between,
  creationMs,
  DAY_MS,
  type Dated,
  ExistingAt,
  iso,
  loadActiveUsers,
  type StaffUser,
} from './population.js';

/** Tables the partners step fills, children first; --reset empties them. */
export const AGENCY_TABLES: readonly TableName[] = ['agency_sales_reps', 'agencies'];
/** Tables the staff step fills. */
export const STAFF_TABLES: readonly TableName[] = ['agency_staff'];

export interface AgencyMix {
  /** Share of partners that sit under a parent (a branch or a sub-agent). */
  childShare: number;
  /** Share of children that are branches named after their parent. */
  branchShare: number;
  individualShare: number;
  inactiveShare: number;
}

export const DEFAULT_AGENCY_MIX: AgencyMix = {
  childShare: 0.2,
  branchShare: 0.5,
  individualShare: 0.18,
  inactiveShare: 0.07,
};

const PLACE_WORDS = [
  'Kyrenia',
  'Girne',
  'Bellapais',
  'Karpaz',
  'Famagusta',
  'İskele',
  'Esentepe',
  'Lapta',
  'Alsancak',
  'Nicosia',
  'Lefkoşa',
  'Limassol',
  'Antalya',
  'Alanya',
  'Bosphorus',
  'Mediterranean',
  'Aegean',
  'Anatolia',
  'Cyprus',
  'North Cyprus',
  'Island',
  'Bodrum',
  'Kantara',
  'St Hilarion',
];

const BRAND_WORDS = [
  'Blue Coast',
  'Sunset',
  'Sunrise',
  'Golden Sands',
  'Olive Grove',
  'Carob Tree',
  'Harbour',
  'Castle',
  'Crystal',
  'Coral',
  'Azure',
  'Palm',
  'Lemon Tree',
  'Pearl',
  'Elite',
  'Prime',
  'Royal',
  'Premier',
  'Horizon',
  'Panorama',
  'Seaside',
  'Bay',
  'Dolphin',
  'Aphrodite',
  'Orion',
  'Zeytin',
  'Deniz',
  'Güneş',
  'Yıldız',
  'Mavi',
  'Akdeniz',
  'Turquoise',
  'Silver Bay',
  'Oasis',
  'Northern Star',
  'Keystone',
  'Cornerstone',
  'Landmark',
  'Four Seasons',
  'Lighthouse',
];

const SUFFIXES = [
  { value: 'Properties', weight: 14 },
  { value: 'Estates', weight: 10 },
  { value: 'Real Estate', weight: 12 },
  { value: 'Realty', weight: 6 },
  { value: 'Homes', weight: 8 },
  { value: 'Property Group', weight: 5 },
  { value: 'Investments', weight: 5 },
  { value: 'Developments', weight: 4 },
  { value: 'Emlak', weight: 8 },
  { value: 'Gayrimenkul', weight: 5 },
  { value: 'Property Consultants', weight: 3 },
  { value: 'Living', weight: 3 },
  { value: 'Residences', weight: 2 },
  { value: 'International', weight: 2 },
];

const LEGAL_FORMS = [
  { value: '', weight: 12 },
  { value: ' Ltd', weight: 6 },
  { value: ' Ltd. Şti.', weight: 2 },
  { value: ' LLC', weight: 1 },
];

/** Commission rates partners are signed at, in percent. */
const COMMISSION_RATES = [
  { value: 2, weight: 10 },
  { value: 2.5, weight: 5 },
  { value: 3, weight: 20 },
  { value: 4, weight: 8 },
  { value: 5, weight: 25 },
  { value: 6, weight: 8 },
  { value: 7.5, weight: 8 },
  { value: 10, weight: 10 },
  { value: 12.5, weight: 3 },
  { value: 15, weight: 3 },
];

function companyName(rng: Rng): string {
  const roll = rng.next();
  const lead =
    roll < 0.45
      ? rng.pick(BRAND_WORDS)
      : roll < 0.8
        ? rng.pick(PLACE_WORDS)
        : `${randomPerson(rng).surname}${rng.chance(0.3) ? ' & Sons' : ''}`;
  return `${lead} ${rng.weighted(SUFFIXES)}${rng.weighted(LEGAL_FORMS)}`;
}

type AgencyInsert = Insertable<AgenciesTable>;

interface PlannedAgency extends Dated {
  row: AgencyInsert;
  /** Index of the parent among the planned agencies (earlier ones only). */
  parentIndex: number | null;
  repIds: number[];
}

/**
 * `count` partners, oldest first: companies with brand or place names and some individual agents,
 * offices mostly on the island, commission at the rates firms sign, a fifth under a parent (half of
 * those branches named after it), one to three sales reps each, created by staff who already worked
 * there. Columns follow agencies.service's agencyColumns exactly.
 */
export function planAgencies(
  rng: Rng,
  count: number,
  users: ExistingAt<StaffUser>,
  until: Date,
  mix: AgencyMix = DEFAULT_AGENCY_MIX,
): PlannedAgency[] {
  const planned: PlannedAgency[] = [];
  const usedNames = new Set<string>();
  const usedEmails = new Set<string>();
  /** Active top-level companies so far, the ones others sit under. */
  const parents: number[] = [];
  const end = until.getTime();

  for (let i = 0; i < count; i++) {
    const created = creationMs(rng, i, count, until, 1.1);
    const active = !rng.chance(mix.inactiveShare);
    // An edit or a deactivation since creation moved updated_at; the history records it.
    const updated =
      !active || rng.chance(0.25) ? between(rng, Math.min(created + DAY_MS, end), end) : created;
    const creator = users.pickAt(rng, created);
    const country = rng.weighted(OFFICE_COUNTRIES);
    let city = cityIn(rng, country);
    const individual = rng.chance(mix.individualShare);

    let parentIndex: number | null = null;
    if (parents.length >= 20 && rng.chance(mix.childShare)) {
      // Under a parent: a company's branch, or a company or an individual agent working as its
      // sub-agent. Networks with many branches are few: favour the older, larger ones.
      parentIndex = parents[Math.floor(parents.length * rng.next() ** 2)]!;
    }
    const parent = parentIndex === null ? undefined : planned[parentIndex]!.row;

    let name: string;
    let emailLocal = rng.weighted([
      { value: 'info', weight: 6 },
      { value: 'sales', weight: 3 },
      { value: 'office', weight: 2 },
      { value: 'contact', weight: 1 },
    ]);
    if (individual) {
      const person = randomPerson(rng);
      name = `${person.firstName} ${person.surname}`;
      emailLocal = asciiSlug(person.firstName);
    } else if (parent && rng.chance(mix.branchShare)) {
      if (parent.city === city) city = cityIn(rng, country);
      name = `${parent.name} – ${city}`;
      emailLocal = asciiSlug(city);
    } else {
      name = companyName(rng);
    }
    for (let n = 2; usedNames.has(foldCase(name)); n++) name = `${name.replace(/ \d+$/, '')} ${n}`;
    usedNames.add(foldCase(name));

    const domainBase = asciiSlug(parent && name.startsWith(parent.name) ? parent.name : name).slice(0, 30);
    let email = `${emailLocal}@${domainBase}.example.com`;
    for (let n = 2; usedEmails.has(email); n++) email = `${emailLocal}${n}@${domainBase}.example.com`;
    usedEmails.add(email);

    const office = officeNumber(rng, country);
    const rate = rng.weighted(COMMISSION_RATES);
    const repCount = rng.weighted([
      { value: 1, weight: 50 },
      { value: 2, weight: 35 },
      { value: 3, weight: 15 },
    ]);
    const row: AgencyInsert = {
      name,
      office_number: office,
      country_code: callingCodeOf(office),
      email,
      commission_bp: percentToBasisPoints(rate),
      country,
      city,
      type: individual ? 'INDIVIDUAL' : 'COMPANY',
      parent_agency_id: null,
      created_by_id: creator.id,
      name_key: foldCase(name),
      name_fold: searchFold(name),
      email_key: foldCase(email),
      office_key: nationalPhoneKey(office),
      // The Level column reads 'Main' for an agency without a parent; its key says so too.
      parent_key: parent ? foldCase(parent.name) : 'main',
      creator_key: foldCase(creator.name),
      search_text: searchFold([name, email, office, city, country].join('\n')),
      is_active: active ? 1 : 0,
      created_at: iso(created),
      updated_at: iso(updated),
    };
    planned.push({
      id: i,
      createdMs: created,
      row,
      parentIndex,
      repIds: users.pickDistinctAt(rng, Math.max(created, end - 30 * DAY_MS), repCount).map((u) => u.id),
    });
    if (!individual && !parent && active) parents.push(i);
  }
  return planned;
}

/**
 * Inserts `count` partners in batched transactions, then links children to their parents (the ids
 * are only known once the rows exist) and adds the sales reps.
 */
export async function seedAgencies(ctx: SeedContext, count: number): Promise<SeedResult> {
  const started = performance.now();
  const users = new ExistingAt(await loadActiveUsers(ctx.db));
  const planned = planAgencies(ctx.rng.fork('agencies'), count, users, ctx.until);
  const written = await insertInBatches(
    ctx.db,
    planned.map((agency) => agency.row),
    (trx, batch) => trx.insertInto('agencies').values(batch).execute(),
    batchFor(20, ctx.batch),
  );
  // The table was empty, so ids in ascending order are the planned agencies in order.
  const ids = (await ctx.db.selectFrom('agencies').select('id').orderBy('id').execute()).map((r) => r.id);
  if (ids.length !== planned.length)
    throw new Error(`Expected ${planned.length} agencies, found ${ids.length}`);
  await ctx.db.transaction().execute(async (trx) => {
    for (const [i, agency] of planned.entries()) {
      if (agency.parentIndex === null) continue;
      await trx
        .updateTable('agencies')
        .set({ parent_agency_id: ids[agency.parentIndex]! })
        .where('id', '=', ids[i]!)
        .execute();
    }
  });
  const agenciesMs = performance.now() - started;

  const repsStarted = performance.now();
  const reps = planned.flatMap((agency, i) =>
    agency.repIds.map((userId) => ({ agency_id: ids[i]!, user_id: userId })),
  );
  const repRows = await insertInBatches(
    ctx.db,
    reps,
    (trx, batch) => trx.insertInto('agency_sales_reps').values(batch).execute(),
    batchFor(2, ctx.batch),
  );
  return {
    table: 'agencies',
    rows: written,
    ms: agenciesMs,
    also: [{ table: 'agency_sales_reps', rows: repRows, ms: performance.now() - repsStarted }],
  };
}

const STAFF_COUNTS = [
  { value: 0, weight: 30 },
  { value: 1, weight: 30 },
  { value: 2, weight: 20 },
  { value: 3, weight: 12 },
  { value: 4, weight: 8 },
];

/**
 * Staff come from each partner's own active contacts, as the server requires: up to four per
 * partner, an owner first at some companies, joined after both the partner and the contact existed.
 */
export function* generateStaff(
  rng: Rng,
  agencies: readonly { id: number; type: string; createdMs: number }[],
  contactsByAgency: ReadonlyMap<number, readonly Dated[]>,
  until: Date,
): Generator<Insertable<AgencyStaffTable>> {
  const end = until.getTime();
  for (const agency of agencies) {
    const pool = contactsByAgency.get(agency.id) ?? [];
    if (pool.length === 0) continue;
    const wanted = Math.min(
      pool.length,
      agency.type === 'INDIVIDUAL' ? rng.int(0, 1) : rng.weighted(STAFF_COUNTS),
    );
    const chosen = new Set<number>();
    for (let tries = 0; chosen.size < wanted && tries < wanted * 10; tries++)
      chosen.add(rng.int(0, pool.length - 1));
    let first = true;
    for (const index of chosen) {
      const contact = pool[index]!;
      const position: StaffPosition =
        first && agency.type === 'COMPANY' && rng.chance(0.4)
          ? 'OWNER'
          : rng.weighted([
              { value: 'SALES_REPRESENTATIVE' as const, weight: 6 },
              { value: 'BROKER' as const, weight: 2 },
              { value: 'MANAGER' as const, weight: 2 },
            ]);
      first = false;
      const joined = Math.max(agency.createdMs, contact.createdMs);
      const created = between(rng, joined, Math.min(end, joined + 90 * DAY_MS));
      const active = !rng.chance(0.1);
      const updated = active ? created : between(rng, created, end);
      yield {
        agency_id: agency.id,
        contact_id: contact.id,
        position,
        is_active: active ? 1 : 0,
        created_at: iso(created),
        updated_at: iso(updated),
      };
    }
  }
}

/** Adds staff to the partners from their own contacts (sized by the partners and contacts seeded). */
export async function seedAgencyStaff(ctx: SeedContext): Promise<SeedResult> {
  const started = performance.now();
  const agencies = (
    await ctx.db.selectFrom('agencies').select(['id', 'type', 'created_at']).orderBy('id').execute()
  ).map((row) => ({ id: row.id, type: row.type, createdMs: Date.parse(row.created_at) }));
  const contacts = await ctx.db
    .selectFrom('contacts')
    .select(['id', 'agency_id', 'created_at'])
    .where('agency_id', 'is not', null)
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
  const byAgency = new Map<number, Dated[]>();
  for (const contact of contacts) {
    const list = byAgency.get(contact.agency_id!) ?? [];
    list.push({ id: contact.id, createdMs: Date.parse(contact.created_at) });
    byAgency.set(contact.agency_id!, list);
  }
  const rows = await insertInBatches(
    ctx.db,
    generateStaff(ctx.rng.fork('staff'), agencies, byAgency, ctx.until),
    (trx, batch) => trx.insertInto('agency_staff').values(batch).execute(),
    batchFor(6, ctx.batch),
  );
  return { table: 'agency_staff', rows, ms: performance.now() - started };
}
