import type { Rng } from '../lib/prng.js';

/**
 * Countries (stored by English name, as the web app's country picker writes them) and cities for a
 * firm in North Cyprus selling to buyers from Türkiye, Cyprus, Britain, Russia and further away.
 */
export const NORTH_CYPRUS = 'North Cyprus';

export const CITIES: Readonly<Record<string, readonly string[]>> = {
  [NORTH_CYPRUS]: [
    'Kyrenia',
    'Kyrenia',
    'Nicosia',
    'Famagusta',
    'İskele',
    'Güzelyurt',
    'Lefke',
    'Alsancak',
    'Lapta',
    'Esentepe',
    'Çatalköy',
    'Bafra',
  ],
  Turkey: ['İstanbul', 'İstanbul', 'Ankara', 'İzmir', 'Antalya', 'Mersin', 'Bursa', 'Adana', 'Alanya'],
  Cyprus: ['Limassol', 'Nicosia', 'Larnaca', 'Paphos', 'Ayia Napa'],
  'United Kingdom': ['London', 'London', 'Manchester', 'Birmingham', 'Leeds', 'Glasgow', 'Bristol'],
  Ireland: ['Dublin', 'Cork'],
  Russia: ['Moscow', 'Saint Petersburg', 'Kazan', 'Novosibirsk', 'Yekaterinburg'],
  Ukraine: ['Kyiv', 'Odesa', 'Kharkiv'],
  Kazakhstan: ['Almaty', 'Astana'],
  Germany: ['Berlin', 'Munich', 'Hamburg', 'Frankfurt'],
  Lebanon: ['Beirut', 'Tripoli'],
  Jordan: ['Amman', 'Irbid'],
  Egypt: ['Cairo', 'Alexandria'],
  Syria: ['Damascus', 'Aleppo'],
  India: ['Mumbai', 'Delhi', 'Bengaluru', 'Hyderabad'],
  Pakistan: ['Karachi', 'Lahore', 'Islamabad'],
  Nigeria: ['Lagos', 'Abuja', 'Port Harcourt'],
  'United Arab Emirates': ['Dubai', 'Abu Dhabi'],
};

type Weighted = readonly { value: string; weight: number }[];

/** Nationalities by the culture of a generated name (bench/generators/names.ts). */
const NATIONALITIES: Readonly<Record<string, Weighted>> = {
  turkish: [{ value: 'Turkey', weight: 1 }],
  'turkish-cypriot': [
    { value: NORTH_CYPRUS, weight: 9 },
    { value: 'Turkey', weight: 1 },
  ],
  'greek-cypriot': [{ value: 'Cyprus', weight: 1 }],
  british: [
    { value: 'United Kingdom', weight: 9 },
    { value: 'Ireland', weight: 1 },
  ],
  russian: [
    { value: 'Russia', weight: 7 },
    { value: 'Ukraine', weight: 2 },
    { value: 'Kazakhstan', weight: 1 },
  ],
  arabic: [
    { value: 'Lebanon', weight: 3 },
    { value: 'Jordan', weight: 3 },
    { value: 'Egypt', weight: 3 },
    { value: 'Syria', weight: 1 },
  ],
  'south-asian': [
    { value: 'India', weight: 6 },
    { value: 'Pakistan', weight: 4 },
  ],
  nigerian: [{ value: 'Nigeria', weight: 1 }],
};

export function nationalityOf(rng: Rng, cultureKey: string): string {
  const options = NATIONALITIES[cultureKey];
  return options ? rng.weighted(options) : 'Turkey';
}

/** Where a contact lives: most already live on the island, the rest at home or abroad. */
export function residencyOf(rng: Rng, nationality: string): string {
  const roll = rng.next();
  if (roll < 0.55) return NORTH_CYPRUS;
  if (roll < 0.93) return nationality;
  return rng.pick(['United Kingdom', 'Germany', 'Turkey', 'United Arab Emirates']);
}

export function cityIn(rng: Rng, country: string): string {
  return rng.pick(CITIES[country] ?? CITIES[NORTH_CYPRUS]!);
}

/** Where partners' offices are: mostly on the island and in Türkiye. */
export const OFFICE_COUNTRIES: Weighted = [
  { value: NORTH_CYPRUS, weight: 58 },
  { value: 'Turkey', weight: 18 },
  { value: 'United Kingdom', weight: 8 },
  { value: 'Cyprus', weight: 5 },
  { value: 'Russia', weight: 4 },
  { value: 'Germany', weight: 3 },
  { value: 'United Arab Emirates', weight: 2 },
  { value: 'Kazakhstan', weight: 1 },
  { value: 'Nigeria', weight: 1 },
];

/** An office landline as stored (digits only, with the country's calling code). */
export function officeNumber(rng: Rng, country: string): string {
  switch (country) {
    case NORTH_CYPRUS:
      return rng.chance(0.7)
        ? `90392${rng.digits(7)}`
        : `90${rng.pick(['533', '542', '548'])}${rng.digits(7)}`;
    case 'Turkey':
      return `90${rng.pick(['212', '216', '242', '324', '232', '312'])}${rng.digits(7)}`;
    case 'Cyprus':
      return `357${rng.pick(['22', '24', '25', '26'])}${rng.digits(6)}`;
    case 'United Kingdom':
      return rng.chance(0.6)
        ? `4420${rng.digits(8)}`
        : `44${rng.pick(['161', '121', '113'])}${rng.digits(7)}`;
    case 'Russia':
      return `7${rng.pick(['495', '499', '812'])}${rng.digits(7)}`;
    case 'Germany':
      return `49${rng.pick(['30', '89', '40'])}${rng.digits(8)}`;
    case 'United Arab Emirates':
      return `971${rng.pick(['4', '2'])}${rng.digits(7)}`;
    case 'Kazakhstan':
      return `77${rng.pick(['27', '17'])}${rng.digits(7)}`;
    case 'Nigeria':
      return `234${rng.pick(['1', '9'])}${rng.digits(8)}`;
    default:
      return `90392${rng.digits(7)}`;
  }
}
