import { describe, expect, it } from 'vitest';
import { userMessages } from '../src/messages.js';
import {
  createUserSchema,
  displayName,
  PASSWORD_MIN_LENGTH,
  ROLES,
  USERS_ROUTE_ROLES,
  updateProfileSchema,
  updateUserSchema,
} from '../src/users.js';
import { firstError, firstErrors, type ParseResult } from './support/issues.js';

/** A user form that passes every rule; the phone is written the way the phone input shows it. */
const validUser = {
  firstName: 'Ayşe',
  surname: 'Yılmaz',
  phone: '+90 (532) 123-45-67',
  email: 'ayse@example.com',
  role: 'user',
  isActive: true,
};

interface FormCase {
  name: string;
  parse: (input: Record<string, unknown>) => ParseResult;
  /** What must be added to validUser for the whole form to pass. */
  complete: Record<string, unknown>;
}

const forms: FormCase[] = [
  {
    name: 'createUserSchema (Add New User)',
    parse: (input) => createUserSchema.safeParse(input),
    complete: { password: 'secret1' },
  },
  {
    name: 'updateUserSchema (Edit User)',
    parse: (input) => updateUserSchema.safeParse(input),
    complete: {},
  },
];

describe.each(forms)('$name: the fields shared by both user forms', ({ parse, complete }) => {
  const withField = (field: string, value: unknown) => parse({ ...validUser, ...complete, [field]: value });
  const withoutField = (field: string) => {
    const input: Record<string, unknown> = { ...validUser, ...complete };
    delete input[field];
    return parse(input);
  };

  it('accepts a complete, valid user', () => {
    expect(firstErrors(parse({ ...validUser, ...complete }))).toEqual({});
  });

  it('reports every missing required field with its own message at once', () => {
    expect(firstErrors(parse({}))).toMatchObject({
      firstName: 'First name is required',
      surname: 'Surname is required',
      phone: 'Phone is required',
      email: 'Email is required',
      role: 'Role must be either admin or user',
      isActive: 'Status is required',
    });
  });

  describe('firstName', () => {
    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['blank', '   '],
      ['null', null],
      ['not a string', 42],
    ])("rejects a %s first name with 'First name is required'", (_label, value) => {
      const result = value === undefined ? withoutField('firstName') : withField('firstName', value);
      expect(firstError(result, 'firstName')).toBe(userMessages.firstNameRequired);
      expect(firstError(result, 'firstName')).toBe('First name is required');
    });

    it('trims surrounding spaces from the first name', () => {
      const result = createUserSchema.safeParse({ ...validUser, password: 'secret1', firstName: '  Ayşe  ' });
      expect(result.success && result.data.firstName).toBe('Ayşe');
    });

    it('accepts a 100-character first name and refuses a 101-character one', () => {
      expect(firstError(withField('firstName', 'a'.repeat(100)), 'firstName')).toBeUndefined();
      expect(firstError(withField('firstName', 'a'.repeat(101)), 'firstName')).toBeDefined();
    });
  });

  describe('surname', () => {
    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['blank', ' \t '],
      ['null', null],
    ])("rejects a %s surname with 'Surname is required'", (_label, value) => {
      const result = value === undefined ? withoutField('surname') : withField('surname', value);
      expect(firstError(result, 'surname')).toBe(userMessages.surnameRequired);
      expect(firstError(result, 'surname')).toBe('Surname is required');
    });

    it('trims surrounding spaces from the surname', () => {
      const result = updateUserSchema.safeParse({ ...validUser, surname: '  Yılmaz ' });
      expect(result.success && result.data.surname).toBe('Yılmaz');
    });

    it('accepts a 100-character surname and refuses a 101-character one', () => {
      expect(firstError(withField('surname', 'b'.repeat(100)), 'surname')).toBeUndefined();
      expect(firstError(withField('surname', 'b'.repeat(101)), 'surname')).toBeDefined();
    });
  });

  describe('phone', () => {
    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['blank', '   '],
      ['null', null],
      ['made only of non-digits', '+() --'],
      ['made only of letters', 'abc'],
    ])("rejects a %s phone with 'Phone is required'", (_label, value) => {
      const result = value === undefined ? withoutField('phone') : withField('phone', value);
      expect(firstError(result, 'phone')).toBe(userMessages.phoneRequired);
      expect(firstError(result, 'phone')).toBe('Phone is required');
    });

    it("rejects a 5-digit phone with 'Phone must be 6–15 digits'", () => {
      expect(firstError(withField('phone', '12345'), 'phone')).toBe(userMessages.phoneLength);
      expect(firstError(withField('phone', '12345'), 'phone')).toBe('Phone must be 6\u201315 digits');
    });

    it('accepts a 6-digit phone', () => {
      expect(firstError(withField('phone', '123456'), 'phone')).toBeUndefined();
    });

    it('accepts a 15-digit phone', () => {
      expect(firstError(withField('phone', '123456789012345'), 'phone')).toBeUndefined();
    });

    it("rejects a 16-digit phone with 'Phone must be 6–15 digits'", () => {
      expect(firstError(withField('phone', '1234567890123456'), 'phone')).toBe(userMessages.phoneLength);
    });

    it('accepts a formatted number like "+90 (532) 123-45-67" (12 digits)', () => {
      expect(firstError(withField('phone', '+90 (532) 123-45-67'), 'phone')).toBeUndefined();
    });

    it('counts only the digits of a formatted number: 5 digits with punctuation is too short', () => {
      expect(firstError(withField('phone', '+1 (23) 4-5'), 'phone')).toBe(userMessages.phoneLength);
    });

    it('counts only the digits of a formatted number: 16 digits with punctuation is too long', () => {
      expect(firstError(withField('phone', '+90 (532) 123-45-67-8901'), 'phone')).toBe(
        userMessages.phoneLength,
      );
    });

    it('counts only the digits of a formatted number: 15 digits with punctuation is accepted', () => {
      expect(firstError(withField('phone', '+90 (532) 123-45-67-890'), 'phone')).toBeUndefined();
    });
  });

  describe('email', () => {
    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['blank', '   '],
      ['null', null],
    ])("rejects a %s e-mail with 'Email is required'", (_label, value) => {
      const result = value === undefined ? withoutField('email') : withField('email', value);
      expect(firstError(result, 'email')).toBe(userMessages.emailRequired);
      expect(firstError(result, 'email')).toBe('Email is required');
    });

    it.each([
      'ayse',
      'ayse@',
      '@example.com',
      'ay se@example.com',
      'ayse@@example.com',
      'ayse@.com',
      'ayse@example..com',
      'ayse@example.com.',
    ])("rejects %j with 'Invalid email format'", (email) => {
      expect(firstError(withField('email', email), 'email')).toBe(userMessages.emailFormat);
      expect(firstError(withField('email', email), 'email')).toBe('Invalid email format');
    });

    it.each(['ayse@example', 'ayse@example.c', 'ayse@example.c0m', 'ayse@example.com1', 'ayse@10.0.0.1'])(
      "rejects %j with 'Email must include a valid top‑level domain'",
      (email) => {
        expect(firstError(withField('email', email), 'email')).toBe(userMessages.emailTld);
        expect(firstError(withField('email', email), 'email')).toBe(
          'Email must include a valid top\u2011level domain',
        );
      },
    );

    it.each(['ayse@example.co', 'ayse.yilmaz+crm@mail.example.com.tr', 'AYSE@EXAMPLE.COM'])(
      'accepts %j',
      (email) => {
        expect(firstError(withField('email', email), 'email')).toBeUndefined();
      },
    );
  });

  describe('role', () => {
    it.each(['admin', 'user'])('accepts the role %j', (role) => {
      expect(firstError(withField('role', role), 'role')).toBeUndefined();
    });

    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['manager (admitted by the /users route, but not an account role)', 'manager'],
      ['capitalised Admin', 'Admin'],
      ['null', null],
    ])("rejects a %s role with 'Role must be either admin or user'", (_label, value) => {
      const result = value === undefined ? withoutField('role') : withField('role', value);
      expect(firstError(result, 'role')).toBe(userMessages.roleInvalid);
      expect(firstError(result, 'role')).toBe('Role must be either admin or user');
    });
  });

  describe('isActive', () => {
    it.each([true, false])('accepts the status %j', (isActive) => {
      expect(firstError(withField('isActive', isActive), 'isActive')).toBeUndefined();
    });

    it.each([
      ['missing', undefined],
      ['null', null],
      ['the string "true"', 'true'],
      ['the number 1', 1],
    ])("rejects a %s status with 'Status is required'", (_label, value) => {
      const result = value === undefined ? withoutField('isActive') : withField('isActive', value);
      expect(firstError(result, 'isActive')).toBe(userMessages.statusRequired);
      expect(firstError(result, 'isActive')).toBe('Status is required');
    });
  });
});

describe('createUserSchema', () => {
  const parse = (password: unknown) => createUserSchema.safeParse({ ...validUser, password });

  it('returns the cleaned user: trimmed texts and the phone reduced to digits', () => {
    const result = createUserSchema.safeParse({
      firstName: '  Ayşe ',
      surname: ' Yılmaz  ',
      phone: '+90 (532) 123-45-67',
      email: '  ayse@example.com ',
      password: 'secret1',
      role: 'admin',
      isActive: false,
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      firstName: 'Ayşe',
      surname: 'Yılmaz',
      phone: '905321234567',
      email: 'ayse@example.com',
      password: 'secret1',
      role: 'admin',
      isActive: false,
    });
  });

  it('reduces a phone given as a number to its digits', () => {
    const result = createUserSchema.safeParse({ ...validUser, phone: 5321234567, password: 'secret1' });
    expect(result.success && result.data.phone).toBe('5321234567');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['null', null],
  ])("rejects a %s password with 'Password is required'", (_label, value) => {
    const result = value === undefined ? createUserSchema.safeParse(validUser) : parse(value);
    expect(firstError(result, 'password')).toBe(userMessages.passwordRequired);
    expect(firstError(result, 'password')).toBe('Password is required');
  });

  it("rejects a 5-character password with 'Password must be at least 6 characters'", () => {
    expect(firstError(parse('12345'), 'password')).toBe(userMessages.passwordLength);
    expect(firstError(parse('12345'), 'password')).toBe('Password must be at least 6 characters');
  });

  it('accepts a password of exactly 6 characters', () => {
    expect(firstError(parse('k7-pqz'), 'password')).toBeUndefined();
  });

  it('accepts a 200-character password and refuses a 201-character one', () => {
    expect(firstError(parse('p'.repeat(200)), 'password')).toBeUndefined();
    expect(firstError(parse('p'.repeat(201)), 'password')).toBeDefined();
  });

  it('keeps the password exactly as typed (no trimming)', () => {
    const result = parse(' secret ');
    expect(result.success && result.data.password).toBe(' secret ');
  });
});

describe('updateUserSchema', () => {
  const parse = (password: unknown) => updateUserSchema.safeParse({ ...validUser, password });

  it('accepts a missing password and keeps the current one (no password in the output)', () => {
    const result = updateUserSchema.safeParse(validUser);
    expect(result.success).toBe(true);
    expect(result.data?.password).toBeUndefined();
  });

  it('accepts a blank (empty) password and keeps the current one', () => {
    const result = parse('');
    expect(result.success).toBe(true);
    expect(result.data?.password).toBeUndefined();
  });

  it('accepts a null password and keeps the current one', () => {
    const result = parse(null);
    expect(result.success).toBe(true);
    expect(result.data?.password).toBeUndefined();
  });

  it("refuses a short non-blank password with 'Password must be at least 6 characters'", () => {
    expect(firstError(parse('abc'), 'password')).toBe(userMessages.passwordLength);
  });

  it('accepts and returns a new password of 6 or more characters', () => {
    const result = parse('newpass');
    expect(result.success && result.data.password).toBe('newpass');
  });

  it('refuses a password that is not text', () => {
    expect(firstError(parse(123456), 'password')).toBeDefined();
  });

  it('returns the cleaned user: trimmed texts and the phone reduced to digits', () => {
    const result = updateUserSchema.safeParse({
      ...validUser,
      firstName: ' Ayşe ',
      email: ' ayse@example.com ',
    });
    expect(result.data).toEqual({
      firstName: 'Ayşe',
      surname: 'Yılmaz',
      phone: '905321234567',
      email: 'ayse@example.com',
      role: 'user',
      isActive: true,
      password: undefined,
    });
  });
});

describe('updateProfileSchema (PUT users/me)', () => {
  it('accepts a name and e-mail and trims both', () => {
    const result = updateProfileSchema.safeParse({ name: '  Ayşe Yılmaz ', email: ' ayse@example.com  ' });
    expect(result.data).toEqual({ name: 'Ayşe Yılmaz', email: 'ayse@example.com' });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])("rejects a %s name with 'Name is required'", (_label, name) => {
    const result = updateProfileSchema.safeParse({ name, email: 'ayse@example.com' });
    expect(firstError(result, 'name')).toBe(userMessages.nameRequired);
    expect(firstError(result, 'name')).toBe('Name is required');
  });

  it('accepts a 200-character name and refuses a 201-character one', () => {
    expect(
      firstErrors(updateProfileSchema.safeParse({ name: 'n'.repeat(200), email: 'a@example.com' })),
    ).toEqual({});
    expect(
      firstError(updateProfileSchema.safeParse({ name: 'n'.repeat(201), email: 'a@example.com' }), 'name'),
    ).toBeDefined();
  });

  it("rejects a missing e-mail with 'Email is required'", () => {
    expect(firstError(updateProfileSchema.safeParse({ name: 'Ayşe' }), 'email')).toBe(
      userMessages.emailRequired,
    );
  });

  it("rejects a malformed e-mail with 'Invalid email format'", () => {
    const result = updateProfileSchema.safeParse({ name: 'Ayşe', email: 'ayse.example.com' });
    expect(firstError(result, 'email')).toBe(userMessages.emailFormat);
  });

  it("rejects an e-mail without a top-level domain with 'Email must include a valid top‑level domain'", () => {
    const result = updateProfileSchema.safeParse({ name: 'Ayşe', email: 'ayse@localhost' });
    expect(firstError(result, 'email')).toBe(userMessages.emailTld);
  });
});

describe('displayName', () => {
  it('joins the trimmed first name and surname with one space', () => {
    expect(displayName('  Ayşe ', ' Yılmaz  ')).toBe('Ayşe Yılmaz');
  });

  it('gives just the first name when the surname is empty', () => {
    expect(displayName('Ayşe', '')).toBe('Ayşe');
  });

  it('gives just the surname when the first name is empty', () => {
    expect(displayName('', 'Yılmaz')).toBe('Yılmaz');
  });

  it('gives an empty string when both are blank', () => {
    expect(displayName('  ', ' ')).toBe('');
  });
});

describe('user constants (specification §2.2, §3.2, §9)', () => {
  it('has exactly the roles admin and user', () => {
    expect(ROLES).toEqual(['admin', 'user']);
  });

  it('admits admin and manager to the /users route', () => {
    expect(USERS_ROUTE_ROLES).toEqual(['admin', 'manager']);
  });

  it('requires at least 6 characters for a new password', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
  });
});
