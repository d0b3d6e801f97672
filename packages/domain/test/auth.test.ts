import { describe, expect, it } from 'vitest';
import { changePasswordSchema, checkPasswordChange, loginSchema } from '../src/auth.js';
import { authMessages, userMessages } from '../src/messages.js';
import { firstError, firstErrors } from './support/issues.js';

describe('loginSchema (POST auth/login)', () => {
  it('accepts an e-mail and a password, trimming the e-mail and keeping the password as typed', () => {
    const result = loginSchema.safeParse({ email: '  ayse@example.com ', password: ' s3cret ' });
    expect(result.data).toEqual({ email: 'ayse@example.com', password: ' s3cret ' });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['not text', 42],
  ])("rejects a %s e-mail with 'Email is required'", (_label, email) => {
    const result = loginSchema.safeParse({ email, password: 'secret1' });
    expect(firstError(result, 'email')).toBe(userMessages.emailRequired);
    expect(firstError(result, 'email')).toBe('Email is required');
  });

  it.each(['ayse', 'ayse@', '@example.com', 'ay se@example.com'])(
    "rejects %j, which is not of email type, with 'Invalid email format'",
    (email) => {
      const result = loginSchema.safeParse({ email, password: 'secret1' });
      expect(firstError(result, 'email')).toBe(userMessages.emailFormat);
    },
  );

  it("rejects an empty password with 'Password is required'", () => {
    const result = loginSchema.safeParse({ email: 'ayse@example.com', password: '' });
    expect(firstErrors(result)).toEqual({ password: 'Password is required' });
  });

  it('rejects a missing password', () => {
    const result = loginSchema.safeParse({ email: 'ayse@example.com' });
    expect(result.success).toBe(false);
    expect(firstError(result, 'password')).toBeDefined();
  });

  it('has no minimum length for the login password (a 1-character password is accepted)', () => {
    expect(loginSchema.safeParse({ email: 'ayse@example.com', password: 'x' }).success).toBe(true);
  });

  it('refuses a password longer than 200 characters', () => {
    expect(loginSchema.safeParse({ email: 'ayse@example.com', password: 'x'.repeat(200) }).success).toBe(
      true,
    );
    const result = loginSchema.safeParse({ email: 'ayse@example.com', password: 'x'.repeat(201) });
    expect(firstError(result, 'password')).toBeDefined();
  });
});

describe('changePasswordSchema (PUT users/change-password)', () => {
  it('accepts a current and a new password', () => {
    const result = changePasswordSchema.safeParse({ currentPassword: 'old', newPassword: 'newpass' });
    expect(result.data).toEqual({ currentPassword: 'old', newPassword: 'newpass' });
  });

  it("rejects missing fields with 'Please fill in all password fields.'", () => {
    expect(firstErrors(changePasswordSchema.safeParse({}))).toEqual({
      currentPassword: authMessages.passwordFieldsEmpty,
      newPassword: 'Please fill in all password fields.',
    });
  });

  it("rejects an empty current password with 'Please fill in all password fields.'", () => {
    const result = changePasswordSchema.safeParse({ currentPassword: '', newPassword: 'newpass' });
    expect(firstErrors(result)).toEqual({ currentPassword: authMessages.passwordFieldsEmpty });
  });

  it("rejects an empty new password with 'Please fill in all password fields.' first", () => {
    const result = changePasswordSchema.safeParse({ currentPassword: 'old', newPassword: '' });
    expect(firstErrors(result)).toEqual({ newPassword: authMessages.passwordFieldsEmpty });
  });

  it("rejects a 5-character new password with 'Password must be at least 6 characters'", () => {
    const result = changePasswordSchema.safeParse({ currentPassword: 'old', newPassword: '12345' });
    expect(firstErrors(result)).toEqual({ newPassword: userMessages.passwordLength });
  });

  it('accepts a new password of exactly 6 characters', () => {
    expect(changePasswordSchema.safeParse({ currentPassword: 'old', newPassword: 'k7-pqz' }).success).toBe(
      true,
    );
  });

  it('refuses passwords longer than 200 characters', () => {
    const result = changePasswordSchema.safeParse({
      currentPassword: 'o'.repeat(201),
      newPassword: 'n'.repeat(201),
    });
    expect(Object.keys(firstErrors(result)).sort()).toEqual(['currentPassword', 'newPassword']);
  });
});

describe('checkPasswordChange (the Change Password card)', () => {
  const fields = (currentPassword: string, newPassword: string, confirmPassword: string) => ({
    currentPassword,
    newPassword,
    confirmPassword,
  });

  it("answers 'Please fill in all password fields.' when every field is empty", () => {
    expect(checkPasswordChange(fields('', '', ''))).toBe(authMessages.passwordFieldsEmpty);
    expect(checkPasswordChange(fields('', '', ''))).toBe('Please fill in all password fields.');
  });

  it("answers 'Please fill in all password fields.' when the current password is empty", () => {
    expect(checkPasswordChange(fields('', 'newpass', 'newpass'))).toBe(authMessages.passwordFieldsEmpty);
  });

  it("answers 'Please fill in all password fields.' when the new password is empty", () => {
    expect(checkPasswordChange(fields('oldpass', '', ''))).toBe(authMessages.passwordFieldsEmpty);
  });

  it('reports empty fields before a mismatch', () => {
    expect(checkPasswordChange(fields('', 'newpass', 'other'))).toBe(authMessages.passwordFieldsEmpty);
  });

  it("answers 'New passwords do not match.' when the new and confirm passwords differ", () => {
    expect(checkPasswordChange(fields('oldpass', 'newpass', 'newpas'))).toBe(authMessages.passwordsDiffer);
    expect(checkPasswordChange(fields('oldpass', 'newpass', 'newpas'))).toBe('New passwords do not match.');
  });

  it("answers 'New passwords do not match.' when only the confirmation is empty", () => {
    expect(checkPasswordChange(fields('oldpass', 'newpass', ''))).toBe(authMessages.passwordsDiffer);
  });

  it('compares the new and confirm passwords case-sensitively', () => {
    expect(checkPasswordChange(fields('oldpass', 'Secret', 'secret'))).toBe(authMessages.passwordsDiffer);
  });

  it('answers nothing when all fields are filled and the new passwords match', () => {
    expect(checkPasswordChange(fields('oldpass', 'newpass', 'newpass'))).toBeUndefined();
  });

  it('applies no length rule on this screen', () => {
    expect(checkPasswordChange(fields('o', 'n', 'n'))).toBeUndefined();
  });
});
