import {
  type ContactFields,
  type ContactType,
  callingCodeOf,
  completeness,
  EDUCATION_LEVELS,
  foldCase,
  INCOME_LEVELS,
  nationalPhoneKey,
  PREFERRED_PAYMENTS,
  type SOURCES,
  searchFold,
} from '@crm/domain';
import type { Insertable } from 'kysely';
import type { ContactsTable } from '../../apps/server/src/db/schema.js';
import { richTextToPlain, sanitizeRichText } from '../../apps/server/src/lib/sanitize.js';
import { searchText } from '../../apps/server/src/modules/contacts/contact-columns.js';
import { poundsToPence } from '../../apps/server/src/modules/contacts/contact-mapper.js';
import { insertInBatches, type TableName } from '../lib/database.js';
import type { Rng } from '../lib/prng.js';
import type { SeedContext, SeedResult } from './context.js';
import { asciiSlug, randomPerson } from './names.js';
import { noteHtml } from './note-texts.js';
import { cityIn, nationalityOf, residencyOf } from './places.js';
import {
  batchFor,
  between,
  creationMs,
  DAY_MS,
  type Dated,
  ExistingAt,
  iso,
  loadActiveUsers,
  logUniform,
  type StaffUser,
  YEAR_MS,
} from './population.js';

/** Tables the contacts step fills; --reset empties them. */
export const CONTACT_TABLES: readonly TableName[] = ['contacts'];

export interface ContactMix {
  leadShare: number;
  /** Share of contacts referred by a partner (then they have no source of their own). */
  agencyShare: number;
  inactiveShare: number;
  /** Share assigned to someone other than their creator (a reassignment, so also an edit). */
  reassignedShare: number;
  /** Share edited since creation for other reasons. */
  editedShare: number;
  /** Share entered twice: same name and phone as an earlier contact (the duplicate check's work). */
  duplicateShare: number;
}

export const DEFAULT_CONTACT_MIX: ContactMix = {
  leadShare: 0.7,
  agencyShare: 0.35,
  inactiveShare: 0.03,
  reassignedShare: 0.15,
  editedShare: 0.18,
  duplicateShare: 0.01,
};

export interface PartnerRef extends Dated {
  name: string;
}

const OCCUPATIONS = [
  'Teacher',
  'Engineer',
  'Doctor',
  'Nurse',
  'Lawyer',
  'Accountant',
  'Business Owner',
  'Retired',
  'Student',
  'Civil Servant',
  'Architect',
  'Software Developer',
  'Sales Manager',
  'Pharmacist',
  'Banker',
  'Pilot',
  'Chef',
  'Investor',
  'Consultant',
  'Dentist',
];

const SERVICE_CATEGORIES = [
  'Real Estate',
  'Student Accommodation',
  'Property Management',
  'Rental',
  'Investment',
];

const SOURCE_WEIGHTS: { value: (typeof SOURCES)[number]; weight: number }[] = [
  { value: 'Facebook', weight: 25 },
  { value: 'Instagram', weight: 20 },
  { value: 'Google Ads', weight: 20 },
  { value: 'Referral', weight: 15 },
  { value: 'Direct Call', weight: 12 },
  { value: 'Walk-in', weight: 8 },
];

/** A Turkish identity number with its two check digits. */
function trIdNumber(rng: Rng): string {
  const d = [rng.int(1, 9), ...Array.from({ length: 8 }, () => rng.int(0, 9))];
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  d.push((((odd * 7 - even) % 10) + 10) % 10);
  d.push(d.reduce((sum, n) => sum + n, 0) % 10);
  return d.join('');
}

function passportNumber(rng: Rng, nationality: string): string {
  switch (nationality) {
    case 'Turkey':
    case 'North Cyprus':
      return `U${rng.digits(8)}`;
    case 'United Kingdom':
      return `${rng.int(1, 9)}${rng.digits(8)}`;
    case 'Cyprus':
      return `K${rng.digits(8)}`;
    case 'Russia':
      return `7${rng.digits(8)}`;
    default:
      return `${String.fromCharCode(65 + rng.int(0, 25))}${String.fromCharCode(65 + rng.int(0, 25))}${rng.digits(7)}`;
  }
}

/**
 * A personal address in one of the culture's usual forms; most people add a number when their name
 * is taken, so a number follows until the address is unused.
 */
function emailFor(
  rng: Rng,
  used: Set<string>,
  firstName: string,
  surname: string,
  domains: readonly string[],
): string {
  const first = asciiSlug(firstName);
  const last = asciiSlug(surname);
  const local = rng.weighted([
    { value: `${first}.${last}`, weight: 4 },
    { value: `${first}${last}`, weight: 2 },
    { value: `${first.charAt(0)}${last}`, weight: 2 },
    { value: `${first}_${last}`, weight: 1 },
    { value: `${first}${rng.int(60, 99)}`, weight: 1 },
  ]);
  const domain = rng.pick(domains);
  let email = `${local}@${domain}`;
  while (used.has(email)) email = `${local}${rng.int(1, 9999)}@${domain}`;
  used.add(email);
  return email;
}

/** Optional text columns filled with the given probability. */
const maybe = <T>(rng: Rng, probability: number, value: () => T): T | null =>
  rng.chance(probability) ? value() : null;

/** As contact-columns' cleanNotes stores the form's notes: sanitised HTML, or nothing without text. */
function cleanNotes(html: string): string {
  if (html === '') return '';
  const clean = sanitizeRichText(html);
  return richTextToPlain(clean).trim() ? clean : '';
}

type ContactInsert = Insertable<ContactsTable>;

/**
 * `count` contacts, oldest first, over the last three years and more of them lately: about 70% leads,
 * a third referred by an active partner of the time (the partner's name in the agency key and the
 * search text), owned by an active user hired before, mostly still assigned to their creator, the
 * optional profile fields filled as often as a sales team fills them (customers more fully, with
 * the nationality, residency and gender the server requires of them), a few entered twice.
 * Columns follow contacts.service's contactColumns exactly.
 */
export function* generateContacts(
  rng: Rng,
  count: number,
  users: ExistingAt<StaffUser>,
  partners: ExistingAt<PartnerRef>,
  until: Date,
  mix: ContactMix = DEFAULT_CONTACT_MIX,
): Generator<ContactInsert> {
  const end = until.getTime();
  /** Recent identities, for the contacts entered twice. */
  const recent: { name: string; surname: string; phone: string; email: string | null }[] = [];
  const usedEmails = new Set<string>();

  for (let i = 0; i < count; i++) {
    const created = creationMs(rng, i, count, until);
    const type: ContactType = rng.chance(mix.leadShare) ? 'LEAD' : 'CUSTOMER';
    const customer = type === 'CUSTOMER';
    const active = !rng.chance(mix.inactiveShare);
    const owner = users.pickAt(rng, created);
    const reassigned = rng.chance(mix.reassignedShare);
    const edited = !active || reassigned || rng.chance(mix.editedShare);
    const updated = edited ? between(rng, Math.min(created + DAY_MS / 24, end), end) : created;
    const assignee = reassigned ? users.pickAt(rng, updated) : owner;
    const partner = rng.chance(mix.agencyShare) ? partners.maybePickAt(rng, created) : undefined;

    const person = randomPerson(rng);
    const female = person.culture.femaleNames.includes(person.firstName.split(' ')[0]!);
    let name = person.firstName;
    let surname = person.surname;
    let phone = person.culture.phone(rng);
    let email = rng.chance(customer ? 0.85 : 0.65)
      ? emailFor(rng, usedEmails, name, surname, person.culture.emailDomains)
      : null;
    if (recent.length > 0 && rng.chance(mix.duplicateShare)) {
      const twin = rng.pick(recent);
      ({ name, surname, phone } = twin);
      email = twin.email ?? email;
    }
    recent.push({ name, surname, phone, email });
    if (recent.length > 2000) recent.splice(0, 1000);

    const fill = customer ? 0.7 : 0.35;
    const nationalityValue = nationalityOf(rng, person.culture.key);
    const residencyValue = residencyOf(rng, nationalityValue);
    const married = rng.chance(0.55);
    const ageYears = rng.int(22, 72);
    const birthMs = created - ageYears * YEAR_MS - rng.int(0, 364) * DAY_MS;
    const notesHtml = rng.chance(0.1) ? noteHtml(rng) : '';

    const fields: ContactFields = {
      name,
      surname,
      phone,
      countryCode: null,
      email,
      nationality: customer || rng.chance(0.5) ? nationalityValue : null,
      residency: customer || rng.chance(0.4) ? residencyValue : null,
      gender: customer || rng.chance(0.6) ? (female ? 'FEMALE' : 'MALE') : null,
      passportNumber: maybe(rng, fill * 0.5, () => passportNumber(rng, nationalityValue)),
      birthday: maybe(rng, fill * 0.6, () => iso(birthMs).slice(0, 10)),
      trIdNumber:
        nationalityValue === 'Turkey' || nationalityValue === 'North Cyprus'
          ? maybe(rng, fill * 0.5, () => trIdNumber(rng))
          : null,
      city: maybe(rng, fill + 0.15, () => cityIn(rng, residencyValue)),
      occupation: maybe(rng, fill, () => rng.pick(OCCUPATIONS)),
      maritalStatus: maybe(rng, fill, () => (married ? 'MARRIED' : 'SINGLE')),
      numberOfChildren: married
        ? maybe(rng, fill * 0.6, () =>
            rng.weighted([
              { value: 0, weight: 2 },
              { value: 1, weight: 3 },
              { value: 2, weight: 4 },
              { value: 3, weight: 2 },
              { value: 4, weight: 1 },
            ]),
          )
        : null,
      educationLevel: maybe(rng, fill * 0.8, () => rng.pick(EDUCATION_LEVELS)),
      incomeLevel: maybe(rng, fill * 0.8, () => rng.pick(INCOME_LEVELS)),
      budget: rng.chance(fill + 0.1) ? logUniform(rng, 40_000, 1_500_000, 5_000) : 0,
      preferredPayment: maybe(rng, fill, () => rng.pick(PREFERRED_PAYMENTS)),
      serviceCategory: maybe(rng, 0.15, () => rng.pick(SERVICE_CATEGORIES)),
      roomNumber: maybe(
        rng,
        0.04,
        () => `${rng.pick(['A', 'B', 'C'])}-${rng.int(1, 5)}${rng.int(0, 3)}${rng.int(1, 9)}`,
      ),
      source: partner ? null : rng.weighted(SOURCE_WEIGHTS),
      notes: notesHtml,
      agencyId: partner ? partner.id : null,
    };
    const agencyName = partner ? partner.name : null;
    const ownerKey = foldCase(owner.name);

    // As contacts.service's contactColumns writes them.
    yield {
      type,
      name: fields.name,
      surname: fields.surname,
      phone: fields.phone,
      country_code: fields.countryCode ?? callingCodeOf(fields.phone),
      email: fields.email,
      nationality: fields.nationality,
      residency: fields.residency,
      gender: fields.gender,
      passport_number: fields.passportNumber,
      birthday: fields.birthday,
      tr_id_number: fields.trIdNumber,
      city: fields.city,
      occupation: fields.occupation,
      marital_status: fields.maritalStatus,
      number_of_children: fields.numberOfChildren,
      education_level: fields.educationLevel,
      income_level: fields.incomeLevel,
      budget_pence: poundsToPence(fields.budget),
      preferred_payment: fields.preferredPayment,
      service_category: fields.serviceCategory,
      room_number: fields.roomNumber,
      source: fields.agencyId === null ? fields.source : null,
      notes: cleanNotes(fields.notes),
      agency_id: fields.agencyId,
      owner_id: owner.id,
      assigned_to_id: assignee.id,
      is_active: active ? 1 : 0,
      completeness: completeness(fields),
      name_key: foldCase(`${fields.name} ${fields.surname}`),
      name_fold: searchFold(`${fields.name} ${fields.surname}`),
      email_key: fields.email ? foldCase(fields.email) : '',
      surname_key: searchFold(fields.surname.trim()),
      phone_key: nationalPhoneKey(fields.phone),
      passport_key: fields.passportNumber ? searchFold(fields.passportNumber.trim()) : '',
      agency_key: agencyName ? foldCase(agencyName) : '',
      owner_key: ownerKey,
      assignee_key: foldCase(assignee.name),
      search_text: searchText(fields, agencyName),
      created_at: iso(created),
      updated_at: iso(updated),
    };
  }
}

/** The active partners, oldest first: new contacts can only be linked to an active one. */
export async function loadActivePartners(ctx: SeedContext): Promise<PartnerRef[]> {
  const rows = await ctx.db
    .selectFrom('agencies')
    .select(['id', 'name', 'created_at'])
    .where('is_active', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, createdMs: Date.parse(row.created_at) }));
}

/** Inserts `count` generated contacts in batched transactions (SQLite's triggers fill contacts_search). */
export async function seedContacts(ctx: SeedContext, count: number): Promise<SeedResult> {
  const started = performance.now();
  const users = new ExistingAt(await loadActiveUsers(ctx.db));
  const partners = new ExistingAt(await loadActivePartners(ctx));
  const rows = await insertInBatches(
    ctx.db,
    generateContacts(ctx.rng.fork('contacts'), count, users, partners, ctx.until),
    (trx, batch) => trx.insertInto('contacts').values(batch).execute(),
    batchFor(38, ctx.batch),
  );
  return { table: 'contacts', rows, ms: performance.now() - started };
}
