import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContactJson, call } from './helpers/contacts.js';
import { type ImportJson, preview, rows, run, upload, uploadFile } from './helpers/imports.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let ada: SignedIn; // admin
let bora: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signIn(t, { role: 'admin', firstName: 'Ada', surname: 'Ak' });
  bora = await signIn(t, { firstName: 'Bora', surname: 'Bey' });
});
afterAll(async () => t.close());

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

async function contactByEmail(email: string): Promise<ContactJson | undefined> {
  const filter = encodeURIComponent(`equals:${email}`);
  const [row] = (await call(t, 'GET', `/api/contacts?filter.email=${filter}`, ada)).json<ContactJson[]>();
  return row && (await call(t, 'GET', `/api/contacts/${row.id}`, ada)).json<ContactJson>();
}

const phonesOf = async (emails: string[]) =>
  Promise.all(
    emails.map(async (email) => {
      const contact = await contactByEmail(email);
      return contact && { phone: contact.phone, countryCode: contact.countryCode };
    }),
  );

const rowsOf = (view: ImportJson, phase = 'preview') => rows(t, bora, view.id, phase);

describe('phones as Turkish offices write them', () => {
  it('reads numbers without their leading 0 (numeric cells) as Turkish, shows the reading in the preview, and stores them with +90', async () => {
    const view = await upload(
      t,
      bora,
      'mobiles.csv',
      csv(
        'Name,Surname,Email,Phone,Source',
        'Aslı,Bir,asli@tr.example,538 495 00 02,Facebook',
        'Burak,İki,burak@tr.example,5304950103,Facebook',
        'Ceren,Üç,ceren@tr.example,05384950003,Facebook',
        'Deniz,Dört,deniz@tr.example,5014950103,Facebook',
        'Ece,Beş,ece@tr.example,5114950103,Facebook',
        'Fırat,Altı,firat@tr.example,5554950103,Facebook',
        'Gül,Yedi,gul@tr.example,905074950103,Facebook',
        'Hakan,Sekiz,hakan@tr.example,+44 7400 123456,Facebook',
        'İpek,Dokuz,ipek@tr.example,12025550123,Facebook',
      ),
    );
    expect(view.country).toBe('TR');
    const previewed = await preview(t, bora, view.id, { mapping: view.mapping });
    expect(previewed.preview).toMatchObject({ create: 9, skip: 0, error: 0 });
    expect((await rowsOf(view)).map((r) => [r.action, r.readings, r.warnings])).toEqual([
      ['create', { phone: '+90 538 495 00 02' }, []],
      ['create', { phone: '+90 530 495 01 03' }, []],
      ['create', { phone: '+90 538 495 00 03' }, []],
      ['create', { phone: '+90 501 495 01 03' }, []],
      ['create', { phone: '+90 511 495 01 03' }, []],
      ['create', { phone: '+90 555 495 01 03' }, []],
      ['create', { phone: '+90 507 495 01 03' }, []],
      ['create', { phone: '+44 7400 123456' }, []],
      ['create', { phone: '+1 202 555 0123' }, []],
    ]);
    await run(t, bora, view.id, { mapping: view.mapping });
    expect(
      await phonesOf([
        'asli@tr.example',
        'burak@tr.example',
        'ceren@tr.example',
        'deniz@tr.example',
        'ece@tr.example',
        'firat@tr.example',
        'gul@tr.example',
        'hakan@tr.example',
        'ipek@tr.example',
      ]),
    ).toEqual([
      { phone: '905384950002', countryCode: '+90' },
      { phone: '905304950103', countryCode: '+90' },
      { phone: '905384950003', countryCode: '+90' },
      { phone: '905014950103', countryCode: '+90' },
      { phone: '905114950103', countryCode: '+90' },
      { phone: '905554950103', countryCode: '+90' },
      { phone: '905074950103', countryCode: '+90' },
      { phone: '447400123456', countryCode: '+44' },
      { phone: '12025550123', countryCode: '+1' },
    ]);
  });

  it('reads office numbers of a partner import the same way', async () => {
    const view = await upload(
      t,
      ada,
      'partners.csv',
      csv(
        'Agency Name,Office Number,Email,Commission Rate,Country,City,Size',
        'Lefkoşa Homes,392 444 55 01,lefkosa@homes.example,5,TRNC,Lefkoşa,Company',
      ),
      { entity: 'agencies' },
    );
    await preview(t, ada, view.id, { mapping: view.mapping });
    expect((await rows(t, ada, view.id)).map((r) => [r.action, r.readings])).toEqual([
      ['create', { officeNumber: '+90 392 444 55 01' }],
    ]);
    await run(t, ada, view.id, { mapping: view.mapping });
    const filter = encodeURIComponent('equals:Lefkoşa Homes');
    const [partner] = (await call(t, 'GET', `/api/agencies?filter.name=${filter}`, ada)).json<
      { officeNumber: string; countryCode: string | null }[]
    >();
    expect(partner).toMatchObject({ officeNumber: '903924445501', countryCode: '+90' });
  });
});

describe("an import's default country", () => {
  const ukFile = csv(
    'Name,Surname,Email,Phone,Source',
    'Jane,Doe,jane@uk.example,07400 123457,Referral',
    'John,Roe,john@uk.example,7400 123458,Referral',
  );

  it('is the one the upload names; a preview may change it, and the reading changes with it', async () => {
    const view = await upload(t, bora, 'uk.csv', ukFile, { entity: 'contacts', type: 'LEAD', country: 'gb' });
    expect(view.country).toBe('GB');
    await preview(t, bora, view.id, { mapping: view.mapping });
    expect((await rowsOf(view)).map((r) => r.readings.phone)).toEqual(['+44 7400 123457', '+44 7400 123458']);

    const asTurkish = await preview(t, bora, view.id, { mapping: view.mapping, country: 'TR' });
    expect(asTurkish.country).toBe('TR');
    expect((await rowsOf(view)).map((r) => r.readings.phone)).toEqual(['+90 7400123457', '+90 7400123458']);

    // The run reads the numbers as the preview did: another country needs another preview.
    const refused = await call(t, 'POST', `/api/imports/${view.id}/run`, bora, {
      mapping: view.mapping,
      country: 'GB',
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe('Preview the import with these settings before running it');

    await preview(t, bora, view.id, { mapping: view.mapping, country: 'GB' });
    await run(t, bora, view.id, { mapping: view.mapping, country: 'GB' });
    expect(await phonesOf(['jane@uk.example', 'john@uk.example'])).toEqual([
      { phone: '447400123457', countryCode: '+44' },
      { phone: '447400123458', countryCode: '+44' },
    ]);
  });

  it('is the deployment’s when the upload does not say', async () => {
    const other = await createTestApp({ DEFAULT_COUNTRY: 'GB' });
    try {
      const who = await signIn(other);
      const res = await uploadFile(other, who, 'uk.csv', ukFile);
      expect(res.statusCode).toBe(201);
      expect(res.json<ImportJson>().country).toBe('GB');
    } finally {
      await other.close();
    }
  });

  it('refuses a country that is not a known two-letter code, at upload and at preview, with 400', async () => {
    const message = 'country must be a two-letter country code, such as TR';
    const refusedUpload = await uploadFile(t, bora, 'uk.csv', ukFile, {
      entity: 'contacts',
      type: 'LEAD',
      country: 'Turkey',
    });
    expect(refusedUpload.statusCode).toBe(400);
    expect(refusedUpload.json()).toEqual({ error: message, fields: { country: message } });

    const view = await upload(t, bora, 'uk.csv', ukFile);
    for (const country of ['XX', 'tur', 7]) {
      const res = await call(t, 'POST', `/api/imports/${view.id}/preview`, bora, {
        mapping: view.mapping,
        country,
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(message);
      expect(fieldsOf(res)).toEqual({ country: message });
    }
  });
});

describe('an ambiguous number', () => {
  it('is a warning on its row in the preview, and the row is skipped, never written, until the file says which', async () => {
    const view = await upload(
      t,
      bora,
      'ambiguous.csv',
      csv(
        'Name,Surname,Email,Phone,Country Code,Source',
        'Kaan,On,kaan@ambiguous.example,447400123459,,Facebook',
        'Lale,Onbir,lale@ambiguous.example,+447400123460,,Facebook',
        'Mert,Oniki,mert@ambiguous.example,447400123461,+44,Facebook',
        'Nil,Onüç,nil@ambiguous.example,538 495 00 04,,Facebook',
      ),
    );
    const previewed = await preview(t, bora, view.id, { mapping: view.mapping });
    expect(previewed.preview).toMatchObject({ create: 3, skip: 1, error: 0 });
    const outcome = await rowsOf(view);
    expect(outcome.map((r) => [r.row, r.action, r.warnings, r.errors])).toEqual([
      [
        2,
        'skip',
        [
          {
            field: 'phone',
            message:
              'Phone 447400123459 could be read as +90 447400123459 (Turkey) or +44 7400 123459 (United Kingdom): write it with + and its calling code to say which.',
          },
        ],
        [],
      ],
      [3, 'create', [], []],
      // The row's own country code says which.
      [4, 'create', [], []],
      [5, 'create', [], []],
    ]);

    const done = await run(t, bora, view.id, { mapping: view.mapping });
    expect(done.counts).toEqual({ created: 3, updated: 0, skipped: 1, errors: 0 });
    expect(await contactByEmail('kaan@ambiguous.example')).toBeUndefined();
    expect(await phonesOf(['lale@ambiguous.example', 'mert@ambiguous.example'])).toEqual([
      { phone: '447400123460', countryCode: '+44' },
      { phone: '447400123461', countryCode: '+44' },
    ]);
    // The run's report keeps the warning on the row it did not write.
    const notImported = await rowsOf(view, 'run');
    expect(notImported.filter((r) => r.action === 'skip').map((r) => [r.row, r.warnings[0]?.field])).toEqual([
      [2, 'phone'],
    ]);
  });
});
