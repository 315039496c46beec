import { describe, expect, it } from 'vitest';
import { CreatePasswordFormSchema } from './auth.schemas.ts';
import { PASSWORD_MIN_LENGTH, passwordProblems, StrongPasswordSchema } from './password.ts';

describe('StrongPasswordSchema', () => {
  it.each(['Abc12!', 'sécurité9#', 'Long password with 1 space!'])('accepts %s', (password) => {
    expect(StrongPasswordSchema.safeParse(password).success).toBe(true);
  });

  it('names every missing rule', () => {
    expect(passwordProblems('abc')).toEqual([
      `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
      'Password must contain a digit',
      'Password must contain a special character',
    ]);
    expect(passwordProblems('123456!')).toEqual(['Password must contain a letter']);
    expect(passwordProblems('abcdef1')).toEqual(['Password must contain a special character']);
  });

  it('has no problems for a good password', () => {
    expect(passwordProblems('Seller#123')).toEqual([]);
  });
});

describe('CreatePasswordFormSchema', () => {
  it('reports a mismatch on the confirmation with the spec wording', () => {
    const result = CreatePasswordFormSchema.safeParse({ password: 'Seller#123', confirm: 'Seller#124' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirm'], message: 'Passwords do not match' }),
    ]);
  });
});
