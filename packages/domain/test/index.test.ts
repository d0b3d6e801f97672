import { describe, expect, it } from 'vitest';
import * as domain from '../src/index.js';

describe('@crm/domain entry point', () => {
  it.each([
    'createUserSchema',
    'updateUserSchema',
    'updateProfileSchema',
    'loginSchema',
    'changePasswordSchema',
    'checkPasswordChange',
    'emailField',
    'isEmailShaped',
    'greeting',
    'randomGreetingEmoji',
    'encodeFilter',
    'decodeFilter',
    'listQueryParams',
    'listParamsSchema',
    'userMessages',
    'authMessages',
    'userScreenMessages',
    'phoneDigits',
    'phoneField',
    'requiredText',
    'tokenExpiry',
    'isTokenValid',
    'displayName',
  ])('exports %s', (name) => {
    expect(domain).toHaveProperty(name);
    expect((domain as Record<string, unknown>)[name]).toBeDefined();
  });
});
