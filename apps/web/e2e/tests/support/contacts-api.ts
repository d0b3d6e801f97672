import { type APIRequestContext, expect } from '@playwright/test';
import { ADMIN } from './constants';
import { bearer, uniqueEmail, uniqueTag } from './session';

/**
 * Setting up contacts through the API (001 §7), faster than the screens. Only the preparation of a
 * test goes through here; what a screen shows is always read from the screen.
 */

export interface ApiContact {
  id: number;
  type: 'LEAD' | 'CUSTOMER';
  name: string;
  surname: string;
  phone: string;
  countryCode: string | null;
  email: string | null;
  nationality: string | null;
  residency: string | null;
  gender: string | null;
  passportNumber: string | null;
  birthday: string | null;
  trIdNumber: string | null;
  city: string | null;
  occupation: string | null;
  maritalStatus: string | null;
  numberOfChildren: number | null;
  educationLevel: string | null;
  incomeLevel: string | null;
  budget: number;
  preferredPayment: string | null;
  serviceCategory: string | null;
  roomNumber: string | null;
  source: string | null;
  notes: string;
  agencyId: number | null;
}

export type ContactInput = Partial<Omit<ApiContact, 'id'>>;

/** The fields PUT /api/contacts/{id} takes: the whole contact, not only what changed. */
const EDITABLE_FIELDS = [
  'name',
  'surname',
  'phone',
  'countryCode',
  'email',
  'nationality',
  'residency',
  'gender',
  'passportNumber',
  'birthday',
  'trIdNumber',
  'city',
  'occupation',
  'maritalStatus',
  'numberOfChildren',
  'educationLevel',
  'incomeLevel',
  'budget',
  'preferredPayment',
  'serviceCategory',
  'roomNumber',
  'source',
  'notes',
  'agencyId',
] as const satisfies readonly (keyof ApiContact)[];

const PHONE_BASE = Math.floor(Math.random() * 5_000_000);
let phoneCounter = 0;
/** A Turkish mobile number (digits) no other contact of this run has, so no duplicate banner appears. */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `90532${String(PHONE_BASE + phoneCounter).padStart(7, '0')}`;
}

/** A surname no other test uses (letters only), e.g. "Qkdjwmzpa". */
export function uniqueSurname(): string {
  return uniqueTag();
}

export function fullName(contact: { name: string; surname: string }): string {
  return `${contact.name} ${contact.surname}`;
}

/** The admin's (or another user's) API session: a token and who it belongs to. */
export class CrmApi {
  private constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
    /** The user record as the login answer gives it (and the app keeps it in storage). */
    readonly user: { id: number; name: string; role: string },
  ) {}

  static async logIn(
    request: APIRequestContext,
    email: string = ADMIN.email,
    password: string = ADMIN.password,
  ): Promise<CrmApi> {
    const res = await request.post('/api/auth/login', { data: { email, password } });
    expect(res.status(), `log in ${email} through the API`).toBe(200);
    const body = (await res.json()) as { token: string; user: { id: number; name: string; role: string } };
    return new CrmApi(request, body.token, body.user);
  }

  private get headers() {
    return bearer(this.token);
  }

  /** A direct lead (source Facebook) with a unique surname, phone and e-mail unless given. */
  async createContact(fields: ContactInput = {}): Promise<ApiContact> {
    const name = fields.name ?? 'Test';
    const data = {
      type: 'LEAD',
      surname: uniqueSurname(),
      phone: uniquePhone(),
      email: uniqueEmail(name),
      source: fields.agencyId ? null : 'Facebook',
      ...fields,
      name,
    };
    const res = await this.request.post('/api/contacts', { headers: this.headers, data });
    expect(res.status(), `create contact ${data.name} ${data.surname}: ${await res.text()}`).toBe(201);
    return (await res.json()) as ApiContact;
  }

  /** Sends the whole contact with `changes` applied (the API replaces every field). */
  async updateContact(contact: ApiContact, changes: ContactInput): Promise<ApiContact> {
    const merged = { ...contact, ...changes };
    const data = Object.fromEntries(EDITABLE_FIELDS.map((field) => [field, merged[field]]));
    const res = await this.request.put(`/api/contacts/${contact.id}`, { headers: this.headers, data });
    expect(res.status(), `update contact ${contact.id}: ${await res.text()}`).toBe(200);
    return (await res.json()) as ApiContact;
  }

  async convertContact(id: number, values: Record<string, string> = {}): Promise<ApiContact> {
    const res = await this.request.put(`/api/contacts/${id}/convert`, {
      headers: this.headers,
      data: values,
    });
    expect(res.status(), `convert contact ${id}: ${await res.text()}`).toBe(200);
    return (await res.json()) as ApiContact;
  }

  async deactivateContact(id: number): Promise<void> {
    const res = await this.request.put(`/api/contacts/${id}/deactivate`, { headers: this.headers });
    expect(res.status(), `deactivate contact ${id}`).toBe(200);
  }

  async createAgency(
    name: string,
    fields: { email?: string; city?: string; commissionRate?: number } = {},
  ): Promise<{ id: number; name: string }> {
    const res = await this.request.post('/api/agencies', {
      headers: this.headers,
      data: {
        name,
        officeNumber: uniquePhone(),
        email: uniqueEmail('agency'),
        commissionRate: 10,
        country: 'Turkey',
        city: 'Istanbul',
        type: 'COMPANY',
        parentAgencyId: null,
        assignedSalesRepIds: [this.user.id],
        ...fields,
      },
    });
    expect(res.status(), `create agency ${name}: ${await res.text()}`).toBe(201);
    const agency = (await res.json()) as { id: number; name: string };
    return { id: agency.id, name: agency.name };
  }

  /** Changes some fields of an agency at the version it has now, as an edit dialog saves them. */
  async editAgency(id: number, changes: Record<string, unknown>): Promise<void> {
    const current = await this.request.get(`/api/agencies/${id}`, { headers: this.headers });
    const { version } = (await current.json()) as { version: number };
    const res = await this.request.put(`/api/agencies/${id}`, {
      headers: this.headers,
      data: { ...changes, version },
    });
    expect(res.status(), `edit agency ${id}: ${await res.text()}`).toBe(200);
  }

  async addNote(contactId: number, content: string): Promise<{ id: number }> {
    const res = await this.request.post(`/api/contacts/${contactId}/add-note`, {
      headers: this.headers,
      data: { content },
    });
    expect(res.status(), `add a note to contact ${contactId}`).toBe(201);
    return (await res.json()) as { id: number };
  }

  async deleteNote(contactId: number, noteId: number): Promise<void> {
    const res = await this.request.patch(`/api/contacts/${contactId}/delete-notes/${noteId}`, {
      headers: this.headers,
    });
    expect(res.status(), `delete note ${noteId}`).toBe(200);
  }

  /** Uploads a small text file valid until `validUntil` (YYYY-MM-DD). */
  async uploadFile(
    contactId: number,
    file: { name: string; content: string; validUntil: string },
  ): Promise<{ id: number; name: string }> {
    const res = await this.request.post(`/api/contacts/${contactId}/upload-file`, {
      headers: this.headers,
      multipart: {
        validUntil: file.validUntil,
        file: { name: file.name, mimeType: 'text/plain', buffer: Buffer.from(file.content) },
      },
    });
    expect(res.status(), `upload ${file.name}: ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: number; name: string };
  }

  async deactivateFile(fileId: number): Promise<void> {
    const res = await this.request.patch(`/api/contacts/deactivate/files/${fileId}`, {
      headers: this.headers,
    });
    expect(res.status(), `deactivate file ${fileId}`).toBe(200);
  }
}

/** Creates `count` leads, `batch` requests at a time. */
export async function seedLeads(
  api: CrmApi,
  count: number,
  fields: (index: number) => ContactInput,
  batch = 25,
): Promise<void> {
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    await Promise.all(Array.from({ length: size }, (_, offset) => api.createContact(fields(start + offset))));
  }
}

/** A date (YYYY-MM-DD) `days` from today in local time, as the upload dialog compares them. */
export function isoDateFromToday(days = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
