import { z } from 'zod';
import { field, says } from '../texts/issues.ts';

/** Spec §9: minimum password length. */
export const PASSWORD_MIN_LENGTH = 6;

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with at least one letter and one number.`;
export const STRONG_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with a letter, a digit and a special character.`;
export const PASSWORDS_DO_NOT_MATCH = says('auth.passwordsDoNotMatch');
export const CAPS_LOCK_WARNING = 'CAPSLOCK is enabled!';

const hasLetter = /\p{L}/u;
const hasDigit = /\d/;
const hasSpecial = /[^\p{L}\d\s]/u;

/**
 * The password a person chooses (create-password screen, admin's create-user form and the change call):
 * spec §5 asks for length, a letter, a digit and a special character.
 */
export const StrongPasswordSchema = z
  .string({ error: says('validation.required', { label: field('password') }) })
  .min(
    PASSWORD_MIN_LENGTH,
    says('validation.minChars', { label: field('password'), min: PASSWORD_MIN_LENGTH }),
  )
  .max(128, says('validation.maxChars', { label: field('password'), max: 128 }))
  .refine((value) => hasLetter.test(value), says('auth.passwordNeedsLetter'))
  .refine((value) => hasDigit.test(value), says('auth.passwordNeedsDigit'))
  .refine((value) => hasSpecial.test(value), says('auth.passwordNeedsSpecial'));

/** Every problem a candidate password has, for showing the rules inline as the user types. */
export function passwordProblems(value: string): string[] {
  const result = StrongPasswordSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}
