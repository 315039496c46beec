/**
 * Dates, numbers and money in the chosen language's conventions: one date format everywhere, VND without
 * decimals, USD with two. Components use `useFormat()` so they re-render when the language changes.
 */
import type { CreditUnit } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import type { Language } from './resources.ts';

const LOCALES: Record<Language, string> = { en: 'en-US', vi: 'vi-VN' };

export interface Formatters {
  /** 23/11/2026 or Nov 23, 2026: a day. */
  date(value: string | Date | null | undefined): string;
  /** A day and a time to the minute. */
  dateTime(value: string | Date | null | undefined): string;
  /** A day and a time to the minute with the viewer's time zone named: Nov 9, 2026, 10:00 PM GMT+7. */
  dateTimeWithZone(value: string | Date | null | undefined): string;
  /** A day of this year and a 24-hour time, short enough for a banner: Nov 25, 14:02. */
  shortDateTime(value: string | Date | null | undefined): string;
  number(value: number, fractionDigits?: number): string;
  money(value: number, unit: CreditUnit): string;
  /** Grams shown as kilograms with two decimals. */
  kilograms(grams: number): string;
  centimetres(value: number): string;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatters(language: Language): Formatters {
  const locale = LOCALES[language];
  const day = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' });
  const dayTime = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const dayTimeZone = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  const shortDayTime = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  // Intl's formatters are slow to make and cheap to use: one a precision, kept (a list formats hundreds).
  const numbers = new Map<number, Intl.NumberFormat>();
  const number = (value: number, fractionDigits = 0) => {
    let format = numbers.get(fractionDigits);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      });
      numbers.set(fractionDigits, format);
    }
    return format.format(value);
  };
  return {
    date: (value) => {
      const date = toDate(value);
      return date ? day.format(date) : '';
    },
    dateTime: (value) => {
      const date = toDate(value);
      return date ? dayTime.format(date) : '';
    },
    dateTimeWithZone: (value) => {
      const date = toDate(value);
      return date ? dayTimeZone.format(date) : '';
    },
    shortDateTime: (value) => {
      const date = toDate(value);
      return date ? shortDayTime.format(date) : '';
    },
    number,
    // The amount, then the unit, as the server's messages write money ("180,000 VND").
    money: (value, unit) => `${number(value, unit === 'VND' ? 0 : 2)} ${unit}`,
    kilograms: (grams) => `${number(grams / 1000, 2)} kg`,
    centimetres: (value) => `${number(value, value % 1 === 0 ? 0 : 1)} cm`,
  };
}

/** Each language's formatters, made once: every cell of a list asks for them on every render. */
const made = new Map<Language, Formatters>();

export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const language = (i18n.language === 'vi' ? 'vi' : 'en') as Language;
  let format = made.get(language);
  if (!format) {
    format = formatters(language);
    made.set(language, format);
  }
  return format;
}
