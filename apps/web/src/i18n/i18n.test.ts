/** Every key exists in every language, and no text is left empty. */
import { describe, expect, it } from 'vitest';
import { formatters } from './format.ts';
import { LANGUAGES } from './resources.ts';
import { englishResources } from './resources-en.ts';
import { englishPublicResources } from './resources-en-public.ts';
import { vietnameseResources } from './resources-vi.ts';
import { vietnamesePublicResources } from './resources-vi-public.ts';

const resources = { en: englishResources, vi: vietnameseResources };

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

function emptyTexts(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [prefix] : [];
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    emptyTexts(inner, prefix ? `${prefix}.${key}` : key),
  );
}

describe('language files', () => {
  const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];

  it('have the same namespaces in every language', () => {
    for (const language of LANGUAGES)
      expect(Object.keys(resources[language]).sort()).toEqual(namespaces.sort());
  });

  it.each(namespaces)('%s: every key in English is in Vietnamese and the other way round', (namespace) => {
    const english = keysOf(resources.en[namespace]).sort();
    const vietnamese = keysOf(resources.vi[namespace]).sort();
    expect(vietnamese.filter((key) => !english.includes(key))).toEqual([]);
    expect(english.filter((key) => !vietnamese.includes(key))).toEqual([]);
  });

  it("have the same public pages' part in every language, the very texts of the whole", () => {
    expect(Object.keys(vietnamesePublicResources).sort()).toEqual(Object.keys(englishPublicResources).sort());
    for (const [namespace, texts] of Object.entries(vietnamesePublicResources))
      expect(vietnameseResources[namespace as keyof typeof vietnameseResources]).toBe(texts);
  });

  it.each(namespaces)('%s: no text is empty', (namespace) => {
    for (const language of LANGUAGES) expect(emptyTexts(resources[language][namespace])).toEqual([]);
  });
});

describe('formatting', () => {
  it('writes VND without decimals and USD with two, in each language', () => {
    expect(formatters('en').money(1234567, 'VND')).toBe('1,234,567 VND');
    expect(formatters('en').money(12.5, 'USD')).toBe('12.50 USD');
    expect(formatters('vi').money(1234567.4, 'VND')).toBe('1.234.567 VND');
    expect(formatters('vi').money(12.5, 'USD')).toBe('12,50 USD');
  });

  it('shows weights in kilograms with two decimals', () => {
    expect(formatters('en').kilograms(1400)).toBe('1.40 kg');
    expect(formatters('vi').kilograms(1400)).toBe('1,40 kg');
  });

  it('shows one date format for a day', () => {
    expect(formatters('en').date('2026-11-23T10:00:00Z')).toMatch(/Nov 23, 2026/);
    expect(formatters('en').date(null)).toBe('');
  });
});
