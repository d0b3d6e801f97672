import { z } from 'zod';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*$/;
const TOP_LEVEL_DOMAIN = /\.[A-Za-z]{2,}$/;

export interface EmailMessages {
  required: string;
  format: string;
  tld: string;
}

/** A required e-mail address: trimmed, a local part and a domain, and a top-level domain of 2+ letters. */
export function emailField(messages: EmailMessages) {
  return z
    .string({ error: messages.required })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: messages.required });
      else if (!EMAIL_SHAPE.test(value)) ctx.addIssue({ code: 'custom', message: messages.format });
      else if (!TOP_LEVEL_DOMAIN.test(value)) ctx.addIssue({ code: 'custom', message: messages.tld });
    });
}

export function isEmailShaped(value: string): boolean {
  return EMAIL_SHAPE.test(value);
}
