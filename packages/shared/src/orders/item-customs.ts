/**
 * An item's customs facts (issue 20): its declared value in USD, which the broker's entry needs now that the
 * de minimis exemption has ended, and the ISO 3166-1 alpha-2 country it was made in. Order items and item
 * declarations carry both; an order's item given neither takes its SKU's declared ones, then none and VN.
 */
import { z } from 'zod';
import { englishOf, text } from '../texts/catalog.ts';
import { field, says, textIssue } from '../texts/issues.ts';
import type { Text } from '../texts/text.ts';

/** Where the goods of an item are made when nobody says otherwise: most sellers ship Vietnamese goods. */
export const DEFAULT_ORIGIN_COUNTRY = 'VN';
export const MAX_DECLARED_VALUE = 1_000_000;

/**
 * ISO 3166-1 alpha-2: the 249 officially assigned codes, without the reserved and user-assigned ones (EU, UK,
 * XK): the customs entry takes only these. A list of its own rather than a package, to keep the web bundle
 * small; the country names come from the browser's Intl.DisplayNames.
 */
export const COUNTRY_CODES: readonly string[] = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL
BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV
CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD
GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM
IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK
LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW
MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR
PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS
ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY
UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`
  .trim()
  .split(/\s+/);

const KNOWN_COUNTRIES = new Set(COUNTRY_CODES);

export const isCountryCode = (code: string): boolean => KNOWN_COUNTRIES.has(code);

/** Cents at most: the column keeps two decimals, and a value rounded on the way in would not be the one given. */
const hasCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const declaredValue = field('declaredValue');
const notANumber = text('validation.mustBeNumber', { label: declaredValue });
const notPositive = text('validation.moreThan', { label: declaredValue, min: 0 });
const overMax = text('validation.atMost', { label: declaredValue, max: MAX_DECLARED_VALUE });
const pastCents = text('validation.twoDecimals', { label: declaredValue });
const originFormat = text('orderInput.originFormat');

/** Why a declared value cannot be kept (a catalogue text), or null when it can: more than 0, at most 1,000,000, in cents. */
export function declaredValueText(value: number): Text | null {
  if (!Number.isFinite(value)) return notANumber;
  if (value <= 0) return notPositive;
  if (value > MAX_DECLARED_VALUE) return overMax;
  if (!hasCents(value)) return pastCents;
  return null;
}

/** Why an (upper-cased) origin is not a country code (a catalogue text), or null when it is one. */
export function originCountryText(code: string): Text | null {
  if (!/^[A-Z]{2}$/.test(code)) return originFormat;
  if (!isCountryCode(code)) return text('orderInput.originUnknown', { code });
  return null;
}

/** declaredValueText in English. */
export function declaredValueProblem(value: number): string | null {
  const problem = declaredValueText(value);
  return problem && englishOf(problem);
}

/** originCountryText in English. */
export function originCountryProblem(code: string): string | null {
  const problem = originCountryText(code);
  return problem && englishOf(problem);
}

/**
 * An order item's declared value, USD, as JSON gives it (a number). Null or absent: the SKU's declared value,
 * if any.
 */
export const declaredValueInput = z
  .number({ error: says('validation.mustBeNumber', { label: declaredValue }) })
  .gt(0, says('validation.moreThan', { label: declaredValue, min: 0 }))
  .max(MAX_DECLARED_VALUE, says('validation.atMost', { label: declaredValue, max: MAX_DECLARED_VALUE }))
  .refine(hasCents, says('validation.twoDecimals', { label: declaredValue }))
  .nullable()
  .optional()
  .describe('Customs value of one piece in USD (more than 0, cents at most)');

/**
 * A declaration's declared value: a number or numeric text (the form and spreadsheets send both). Blank or null
 * is none (null); an absent key stays undefined, which leaves a stored value as it is.
 */
export const declaredValueField = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === null) return value;
    const text = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
    if (text === '') return null;
    const parsed = Number(text);
    const problem = /^[-+]?\d*\.?\d+(e[-+]?\d+)?$/i.test(text) ? declaredValueText(parsed) : notANumber;
    if (problem) {
      context.addIssue(textIssue(problem));
      return z.NEVER;
    }
    return parsed;
  })
  .describe('Customs value of one piece in USD (more than 0, cents at most)');

/**
 * A country of origin: two letters in any case, upper-cased, one of ISO 3166-1's. Blank or null is none (null:
 * the default applies); an absent key stays undefined.
 */
export const originCountryInput = z
  .string({ error: says('orderInput.originFormat') })
  .trim()
  .toUpperCase()
  .nullable()
  .transform((value, context) => {
    if (!value) return null;
    const problem = originCountryText(value);
    if (problem) {
      context.addIssue(textIssue(problem));
      return z.NEVER;
    }
    return value;
  })
  .optional()
  .describe(`ISO 3166-1 alpha-2 country the goods were made in (default ${DEFAULT_ORIGIN_COUNTRY})`);
