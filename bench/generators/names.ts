import type { Rng } from '../lib/prng.js';

/**
 * Name pools by culture, weighted roughly like the people a Cyprus-based firm deals with. Names keep
 * their own spelling (Turkish letters included) so that search and sorting meet real text; e-mail
 * addresses use an ASCII form of them.
 */
export interface Culture {
  key: string;
  weight: number;
  maleNames: readonly string[];
  femaleNames: readonly string[];
  surnames: readonly string[];
  /** Where a woman's surname takes another form (Russian Ivanov → Ivanova). */
  feminineSurname?: (surname: string) => string;
  /** A phone number as stored: digits only, 10 to 12 of them. */
  phone: (rng: Rng) => string;
  emailDomains: readonly string[];
}

/** A list written as whitespace-separated words (no name here contains a space). */
function words(text: string): readonly string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

const turkishMaleNames = words(`
  Ahmet Mehmet Mustafa Ali Hüseyin Hasan İbrahim Osman Yusuf Murat Emre Burak Cem Can Onur Serkan
  Kerem Barış Oğuz Tolga Ömer Şükrü Çağlar Halil İsmail Uğur Gökhan Volkan Erdem Kaan
`);

const turkishFemaleNames = words(`
  Ayşe Fatma Emine Hatice Zeynep Elif Merve Özlem Gül Şule Çağla Ebru Derya Selin Ece Aslı Buse
  Ilgın Sevgi Dilek Nur Gizem Tuğba Yasemin Esra Damla Melis Pınar Aylin Büşra
`);

const turkishSurnames = words(`
  Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan Kılıç Aslan
  Çetin Kara Koç Kurt Özkan Şimşek Polat Korkmaz Erdoğan Güneş Aksoy Tekin Uçar Karaca Bulut Ünal
  Acar Güler Sarı Aktaş Keskin Avcı Türkmen Ekinci Kaplan Erdem
`);

/** Turkish Cypriot surnames (the 1934 surname law gave the island its own set) and first names. */
const turkishCypriotMaleNames = words(`
  Hüseyin Mehmet Ahmet Derviş Erol Kemal Ersin Tahsin Salih Hakkı Zeki Ertuğrul Hasan Raif Fikri
  Ozan Serdar Tansel Mert Ulaş
`);

const turkishCypriotFemaleNames = words(`
  Emine Hatice Fatma Ayşe Sevil Nevin Gönül Fezile Müjgan Ülker Nilgün Meltem Didem Şerife Ayten
  Nazife Hale Pembe Sibel Özge
`);

const turkishCypriotSurnames = words(`
  Denktaş Talat Eroğlu Özersay Akıncı Soyer Tatar Küçük Atun Ersoy Mavioğlu Hasipoğlu Gürçağ
  Beyoğlu İnanç Taçoy Berova Arıklı Çaluda Öztoprak Bilginer Nesim Hakeri Ulucay Kalyoncu Ergün
  Hüdaoğlu Fevzioğlu Ozansoy Rauf
`);

const greekCypriotMaleNames = words(`
  Andreas Georgios Christos Nikos Kostas Panayiotis Michalis Charalambos Demetris Savvas Marios
  Stelios Antonis Loizos Kyriacos Sotiris Neophytos Pavlos Yiannis Stavros
`);

const greekCypriotFemaleNames = words(`
  Maria Eleni Androulla Georgia Christina Panayiota Despina Chrystalla Stella Natalia Katerina
  Anna Ioanna Sofia Myria Antigoni Elpida Marina Rafaella Kalliopi
`);

const greekCypriotSurnames = words(`
  Georgiou Christodoulou Charalambous Ioannou Constantinou Demetriou Nicolaou Panayiotou Michael
  Andreou Kyriakou Savva Loizou Antoniou Christofi Hadjigeorgiou Papadopoulos Pavlou Stylianou
  Neophytou Sotiriou Hadjikyriakos Theodorou Efthymiou Kallis Vasiliou Kalisperas Zeniou Petrides
  Markides
`);

const britishMaleNames = words(`
  James Oliver Jack Harry George Thomas William Charlie Daniel Alistair Matthew David Richard Paul
  Mark Alexander Callum Rhys Hamish Owen
`);

const britishFemaleNames = words(`
  Olivia Amelia Emily Sophie Charlotte Jessica Alice Lucy Hannah Alison Sarah Rebecca Eleanor
  Grace Isla Freya Siobhan Bethan Kirsty Niamh
`);

const britishSurnames = words(`
  Smith Jones Williams Taylor Brown Davies Evans Wilson Thomas Johnson Roberts Robinson Thompson
  Wright Walker White Edwards Hughes Green Hall Lewis Harris Clarke Patel Jackson Wood Turner
  Martin Cooper Hill O'Brien MacDonald Campbell Stewart Murphy Fitzgerald Ashworth Pemberton
  Llewellyn Baxter
`);

const russianMaleNames = words(`
  Alexei Dmitri Sergei Ivan Mikhail Andrei Nikolai Pavel Artem Maxim
`);

const russianFemaleNames = words(`
  Anastasia Olga Tatiana Ekaterina Svetlana Irina Natalia Yulia Alina Daria
`);

/** Male forms; women carry the feminine form (Ivanov → Ivanova). */
const russianSurnames = words(`
  Ivanov Smirnov Kuznetsov Popov Vasiliev Petrov Sokolov Mikhailov Novikov Fedorov Egorov Nikitin
  Zaitsev Belov Komarov Orlov Makarov Frolov Lebedev Volkov
`);

const arabicMaleNames = words(`
  Mohammed Ahmad Omar Khalid Youssef Karim Tariq Samir Rami Walid
`);

const arabicFemaleNames = words(`
  Fatima Layla Mariam Nour Rania Salma Yasmin Hala Dalia Amira
`);

const arabicSurnames = words(`
  Haddad Khoury Nasser Mansour Saleh Hamdan Aziz Farah Jaber Khalil Al-Masri Abboud Haddadin
  Saadeh Rahal Barakat Daher Issa Sabbagh Touma
`);

const southAsianMaleNames = words(`
  Arjun Rahul Vikram Sanjay Amit Imran Bilal Hamza Rohan Kabir
`);

const southAsianFemaleNames = words(`
  Priya Ananya Aisha Sana Kavya Neha Pooja Zara Meera Divya
`);

const southAsianSurnames = words(`
  Sharma Patel Singh Kumar Gupta Khan Reddy Iyer Chaudhry Malik Qureshi Rao Mehta Joshi Bhatt Nair
  Siddiqui Hussain Desai Kapoor
`);

const nigerianMaleNames = words(`
  Chinedu Emeka Oluwaseun Tunde Ifeanyi Babajide Chukwuemeka Segun Obinna Kelechi
`);

const nigerianFemaleNames = words(`
  Ngozi Chiamaka Funmilayo Adaeze Folake Yetunde Amaka Bisola Ifeoma Temitope
`);

const nigerianSurnames = words(`
  Okafor Adeyemi Okonkwo Balogun Eze Nwosu Adebayo Okeke Olawale Chukwu Afolabi Ogunleye Nnamdi
  Obi Ibrahim Bello Okoro Adewale Onyeka Uchenna
`);

/** Türkiye mobile 90 5xx xxx xx xx (12 digits), sometimes written 05xx xxx xx xx (11). */
const turkishPhone = (rng: Rng) =>
  rng.chance(0.7)
    ? `905${rng.pick(['32', '33', '35', '42', '43', '44', '05', '06', '52', '55'])}${rng.digits(7)}`
    : `05${rng.pick(['32', '42', '05', '55'])}${rng.digits(7)}`;

/** North Cyprus mobiles are on the Turkish plan: 90 533/542/548 xxx xx xx (12), or 0533… (11). */
const northCyprusPhone = (rng: Rng) =>
  rng.chance(0.75)
    ? `90${rng.pick(['533', '542', '548', '392'])}${rng.digits(7)}`
    : `0${rng.pick(['533', '542', '548'])}${rng.digits(7)}`;

/** Republic of Cyprus: 357 9x xxx xxx for mobiles, 357 2x xxx xxx for landlines (11 digits). */
const cyprusPhone = (rng: Rng) =>
  `357${rng.pick(['96', '97', '99', '99', '22', '24', '25'])}${rng.digits(6)}`;

/** UK mobile 44 7xxx xxxxxx (12 digits) or 07xxx xxxxxx (11). */
const ukPhone = (rng: Rng) => (rng.chance(0.6) ? `447${rng.digits(9)}` : `07${rng.digits(9)}`);

/** Russia 7 9xx xxx xx xx (11 digits). */
const russianPhone = (rng: Rng) => `79${rng.digits(9)}`;

/** Lebanon 961 3 xxx xxx (10) or 961 7x xxx xxx (11), Jordan 962 7 xxxx xxxx (12), Egypt 20 1x xxxx xxxx (12). */
const arabicPhone = (rng: Rng) =>
  rng.pick([
    `961${rng.pick(['3', '70', '71'])}${rng.digits(6)}`,
    `9627${rng.digits(8)}`,
    `201${rng.digits(9)}`,
  ]);

/** India 91 xxxxx xxxxx (12 digits), Pakistan 92 3xx xxxxxxx (12). */
const southAsianPhone = (rng: Rng) =>
  rng.chance(0.6) ? `91${rng.pick(['9', '8', '7'])}${rng.digits(9)}` : `923${rng.digits(9)}`;

/** Nigeria, written nationally: 080x xxx xxxx (11 digits). */
const nigerianPhone = (rng: Rng) => `0${rng.pick(['80', '81', '70', '90'])}${rng.digits(8)}`;

export const CULTURES: readonly Culture[] = [
  {
    key: 'turkish',
    weight: 30,
    maleNames: turkishMaleNames,
    femaleNames: turkishFemaleNames,
    surnames: turkishSurnames,
    phone: turkishPhone,
    emailDomains: ['example.com.tr', 'example.com', 'mail.example.net'],
  },
  {
    key: 'turkish-cypriot',
    weight: 22,
    maleNames: turkishCypriotMaleNames,
    femaleNames: turkishCypriotFemaleNames,
    surnames: turkishCypriotSurnames,
    phone: northCyprusPhone,
    emailDomains: ['example.com', 'kibris.example.org', 'example.net'],
  },
  {
    key: 'greek-cypriot',
    weight: 15,
    maleNames: greekCypriotMaleNames,
    femaleNames: greekCypriotFemaleNames,
    surnames: greekCypriotSurnames,
    phone: cyprusPhone,
    emailDomains: ['example.com.cy', 'example.com', 'cytanet.example.org'],
  },
  {
    key: 'british',
    weight: 18,
    maleNames: britishMaleNames,
    femaleNames: britishFemaleNames,
    surnames: britishSurnames,
    phone: ukPhone,
    emailDomains: ['example.co.uk', 'example.com', 'example.org'],
  },
  {
    key: 'russian',
    weight: 6,
    maleNames: russianMaleNames,
    femaleNames: russianFemaleNames,
    surnames: russianSurnames,
    feminineSurname: (surname) => `${surname}a`,
    phone: russianPhone,
    emailDomains: ['example.ru', 'example.com'],
  },
  {
    key: 'arabic',
    weight: 4,
    maleNames: arabicMaleNames,
    femaleNames: arabicFemaleNames,
    surnames: arabicSurnames,
    phone: arabicPhone,
    emailDomains: ['example.com', 'example.net'],
  },
  {
    key: 'south-asian',
    weight: 3,
    maleNames: southAsianMaleNames,
    femaleNames: southAsianFemaleNames,
    surnames: southAsianSurnames,
    phone: southAsianPhone,
    emailDomains: ['example.in', 'example.com'],
  },
  {
    key: 'nigerian',
    weight: 2,
    maleNames: nigerianMaleNames,
    femaleNames: nigerianFemaleNames,
    surnames: nigerianSurnames,
    phone: nigerianPhone,
    emailDomains: ['example.com.ng', 'example.com'],
  },
];

const weightedCultures = CULTURES.map((culture) => ({ value: culture, weight: culture.weight }));

export interface PersonName {
  culture: Culture;
  firstName: string;
  surname: string;
}

export function randomPerson(rng: Rng): PersonName {
  const culture = rng.weighted(weightedCultures);
  const female = rng.chance(0.5);
  const names = female ? culture.femaleNames : culture.maleNames;
  // A few people carry two given names, as is common in Türkiye and Cyprus.
  const first = rng.pick(names);
  const second = rng.chance(0.05) ? rng.pick(names) : undefined;
  const surname = rng.pick(culture.surnames);
  return {
    culture,
    firstName: second && second !== first ? `${first} ${second}` : first,
    surname: female && culture.feminineSurname ? culture.feminineSurname(surname) : surname,
  };
}

/** Lower-case ASCII for e-mail local parts: Turkish letters and accents folded, other marks dropped. */
export function asciiSlug(text: string): string {
  return text
    .replace(/ı/g, 'i')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '');
}
