import { describe, expect, it } from 'vitest';
import { Role, roleFromNumber, roleName } from './roles.ts';

describe('roleFromNumber', () => {
  it('reads admin and operator, and anything else as an account user (spec §6)', () => {
    expect(roleFromNumber(2)).toBe(Role.admin);
    expect(roleFromNumber(1)).toBe(Role.operator);
    expect(roleFromNumber(0)).toBe(Role.account);
    expect(roleFromNumber(7)).toBe(Role.account);
    expect(roleFromNumber('2')).toBe(Role.account);
    expect(roleFromNumber(undefined)).toBe(Role.account);
  });

  it('names roles', () => {
    expect([0, 1, 2].map((value) => roleName(roleFromNumber(value)))).toEqual([
      'account',
      'operator',
      'admin',
    ]);
  });
});
