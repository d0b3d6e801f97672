import { describe, expect, it } from 'vitest';
import { authMessages, userMessages, userScreenMessages } from '../src/messages.js';

describe('userMessages: the user-form texts of specification §5', () => {
  it.each([
    ['firstNameRequired', 'First name is required'],
    ['surnameRequired', 'Surname is required'],
    ['phoneRequired', 'Phone is required'],
    ['emailRequired', 'Email is required'],
    ['emailFormat', 'Invalid email format'],
    ['roleInvalid', 'Role must be either admin or user'],
    ['statusRequired', 'Status is required'],
  ] as const)('%s reads %j', (key, text) => {
    expect(userMessages[key]).toBe(text);
  });

  it('writes the phone range with an en dash (U+2013): "Phone must be 6–15 digits"', () => {
    expect(userMessages.phoneLength).toBe('Phone must be 6\u201315 digits');
    expect(userMessages.phoneLength).not.toContain('6-15');
  });

  it('writes top-level with a non-breaking hyphen (U+2011): "Email must include a valid top‑level domain"', () => {
    expect(userMessages.emailTld).toBe('Email must include a valid top\u2011level domain');
    expect(userMessages.emailTld).not.toContain('top-level');
  });

  it('names the 6-character minimum in the password length message', () => {
    expect(userMessages.passwordRequired).toBe('Password is required');
    expect(userMessages.passwordLength).toBe('Password must be at least 6 characters');
  });
});

describe('authMessages: the session and password texts of specification §2.3, §8', () => {
  it.each([
    ['loginFailed', 'Login failed'],
    ['sessionExpired', 'Session expired. Please log in again.'],
    ['inactivityLogout', 'You have been logged out due to inactivity.'],
    ['passwordFieldsEmpty', 'Please fill in all password fields.'],
    ['passwordsDiffer', 'New passwords do not match.'],
    ['passwordUpdated', 'Password updated successfully!'],
    ['passwordUpdateFailed', 'Failed to update password'],
    ['profileUpdated', 'Profile updated successfully!'],
    ['profileUpdateFailed', 'Failed to update profile'],
  ] as const)('%s reads %j', (key, text) => {
    expect(authMessages[key]).toBe(text);
  });
});

describe('userScreenMessages: the user-list and user-form texts of specification §2.7, §8', () => {
  it.each([
    ['loadUsersFailed', 'Failed to load users'],
    ['loadUserFailed', 'Failed to load user'],
    ['saveUserFailed', 'Failed to save user'],
    ['userUpdated', 'User updated!'],
    ['userCreated', 'User created successfully!'],
  ] as const)('%s reads %j', (key, text) => {
    expect(userScreenMessages[key]).toBe(text);
  });

  it('writes the empty state with an en dash (U+2013)', () => {
    expect(userScreenMessages.noUsers).toBe('No Users Found \u2013 Try searching or add a new user.');
  });

  it('asks for confirmation before activating or deactivating', () => {
    expect(userScreenMessages.confirmToggle('activate')).toBe('Are you sure you want to activate this user?');
    expect(userScreenMessages.confirmToggle('deactivate')).toBe(
      'Are you sure you want to deactivate this user?',
    );
  });

  it('announces a successful activation or deactivation', () => {
    expect(userScreenMessages.toggled('activate')).toBe('User activated successfully');
    expect(userScreenMessages.toggled('deactivate')).toBe('User deactivated successfully');
  });

  it('reports a network failure while activating or deactivating', () => {
    expect(userScreenMessages.toggleFailed('activate')).toBe('Error trying to activate user');
    expect(userScreenMessages.toggleFailed('deactivate')).toBe('Error trying to deactivate user');
  });
});
