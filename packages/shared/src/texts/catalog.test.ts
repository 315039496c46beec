import { describe, expect, it } from 'vitest';
import { englishOf, renderText, serverTexts, text } from './catalog.ts';
import { field } from './issues.ts';
import type { TextEntry } from './text.ts';

const placeholders = (template: string) =>
  [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const entries = Object.entries(serverTexts as Record<string, TextEntry>);

describe('the server texts catalogue', () => {
  it('gives every entry both languages, with the same placeholders in each', () => {
    const problems: string[] = [];
    for (const [key, entry] of entries) {
      const english = typeof entry.en === 'string' ? [entry.en] : [entry.en.one, entry.en.other];
      if (english.some((template) => template.trim() === '') || entry.vi.trim() === '')
        problems.push(`${key}: a language is empty`);
      for (const template of english) {
        if (placeholders(template).join() !== placeholders(entry.vi).join())
          problems.push(`${key}: "${template}" and "${entry.vi}" name different placeholders`);
      }
    }
    expect(problems).toEqual([]);
    expect(entries.length).toBeGreaterThan(100);
  });

  it('translates every sentence: no entry of three words or more is the same in both languages', () => {
    // Codes, names and formats (AMS, SKU, "{{from}} -> {{to}}", "{{text}}") may stay as they are; sentences may not.
    const words = (template: string) => template.replace(/\{\{\s*\w+\s*\}\}/g, '').match(/\p{L}{2,}/gu) ?? [];
    const english = (entry: TextEntry) => (typeof entry.en === 'string' ? entry.en : entry.en.other);
    const untranslated = entries
      .filter(([, entry]) => words(entry.vi).length >= 3 && entry.vi === english(entry))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('chooses the English plural by count; Vietnamese does not inflect', () => {
    const one = text('vendors.inUse', { name: 'MUL', count: 1 });
    const three = text('vendors.inUse', { name: 'MUL', count: 3 });
    expect(englishOf(one)).toBe('The vendor MUL is used by 1 account and cannot be deleted.');
    expect(englishOf(three)).toBe('The vendor MUL is used by 3 accounts and cannot be deleted.');
    expect(renderText(three, 'vi')).toBe('Nhà cung cấp MUL đang được 3 tài khoản sử dụng nên không thể xóa.');
  });

  it('renders a nested text (a field label) in the language of the text around it', () => {
    const required = text('validation.required', { label: field('customerName') });
    expect(renderText(required, 'en')).toBe('Customer name is required');
    expect(renderText(required, 'vi')).toBe('Tên khách hàng không được để trống');
    const twoDeep = text('validation.invalidType', {
      expected: text('validation.kind.string'),
      received: 'number',
    });
    expect(renderText(twoDeep, 'vi')).toBe('Giá trị không hợp lệ: cần chuỗi, nhận được number');
  });

  it('answers undefined for a key it does not know, so the caller falls back to the English msg', () => {
    expect(renderText({ key: 'nobody.knows' }, 'vi')).toBeUndefined();
    expect(renderText({ key: 'toString' }, 'en')).toBeUndefined();
    expect(renderText({ key: '__proto__' }, 'en')).toBeUndefined();
    // A nested text of an unknown key shows its key rather than vanishing.
    expect(renderText(text('accounts.inactive', { name: { key: 'nobody.knows' } }), 'en')).toBe(
      'The account nobody.knows is inactive.',
    );
  });

  it('keeps a placeholder without its parameter visible, and the spec texts word for word', () => {
    expect(renderText({ key: 'accounts.inactive' }, 'en')).toBe('The account {{name}} is inactive.');
    expect(englishOf(text('auth.loginIncorrect'))).toBe('Login credentials are incorrect');
    expect(englishOf(text('access.noPermissionViewPricese'))).toBe(
      'You do not have permissions to view pricese ',
    );
  });
});
