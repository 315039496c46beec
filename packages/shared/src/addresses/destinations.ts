/**
 * Where an order may go (issue 21 item 4). The lane is Vietnam to the United States: every parcel is filed
 * with US customs in an AMS and handed to a US carrier, so the recipient's country is the ISO 3166-1 code US,
 * the state a USPS code and the ZIP code one of that state's. These rules are pure: the ZIP data set that says
 * which state a ZIP code is in stays on the server (lib/us-zip-codes.ts), which passes its lookup in.
 * Each rule answers the catalogue text of what is wrong, or null.
 */
import { isCountryCode } from '../orders/item-customs.ts';
import { text } from '../texts/catalog.ts';
import type { Text } from '../texts/text.ts';
import { countryCodeOfName } from './country-names.ts';
import { isUsStateCode, usState, usStateCodeOfName } from './us-states.ts';

/** The countries orders ship to: one lane today. A new lane adds its code here (and its own address rules). */
export const DESTINATION_COUNTRIES = ['US'] as const;
export const DEFAULT_DESTINATION_COUNTRY = 'US';

const isDestination = (code: string) => (DESTINATION_COUNTRIES as readonly string[]).includes(code);

/**
 * ISO 3166-1 codes of places that US mail addresses as a state of the US (country US, state PR): given as the
 * country, the reply says to use US and the state code instead.
 */
const US_STATE_COUNTRIES = new Set(['AS', 'GU', 'MP', 'PR', 'VI', 'FM', 'MH', 'PW']);

/** Why a recipient's country (trimmed, as given) is not a destination's code, or null when it is one. */
export function destinationCountryProblem(given: string): Text | null {
  const upper = given.toUpperCase();
  const code = /^[A-Z]{2}$/.test(upper) && isCountryCode(upper) ? upper : countryCodeOfName(given);
  if (code === upper && isDestination(code)) return null;
  if (code && US_STATE_COUNTRIES.has(code)) return text('addresses.country.usState', { given, state: code });
  if (code && isDestination(code)) return text('addresses.country.useCode', { code, given });
  if (code) return text('addresses.country.notDestination', { given });
  return text('addresses.country.unknown', { given });
}

/** Why a US state (trimmed, in any case) is not a USPS code, or null when it is one. */
export function usStateProblem(given: string): Text | null {
  if (isUsStateCode(given.toUpperCase())) return null;
  const code = usStateCodeOfName(given);
  return code ? text('addresses.state.useCode', { code, given }) : text('addresses.state.unknown', { given });
}

const ZIP = /^(\d{5})(?:-?(\d{4}))?$/;

/** A ZIP code as stored: 5 digits, or ZIP+4 written 12345-6789; undefined when it is not one. */
export function normalizeZip(given: string): string | undefined {
  const match = ZIP.exec(given.trim());
  if (!match) return undefined;
  return match[2] ? `${match[1]}-${match[2]}` : match[1];
}

/** Why a ZIP code (trimmed) is not written as one, or null when it is. */
export function zipFormatProblem(given: string): Text | null {
  if (normalizeZip(given) !== undefined) return null;
  // A spreadsheet that took 02108 for a number shows 2108 (and 021081234 as 21081234).
  if (/^\d{4}$/.test(given) || /^\d{8}$/.test(given)) {
    const suggestion = normalizeZip(`0${given}`) as string;
    return text('addresses.zip.leadingZero', { given, suggestion });
  }
  return text('addresses.zip.format', { given });
}

/** Which USPS state a 5-digit ZIP code is in, from the server's ZIP data set; undefined when it has none. */
export type ZipStateLookup = (zip5: string) => string | undefined;

/**
 * Why a well-formed ZIP code is not one of the state's (the mismatch named: "90001 is in CA, not NY"), or is
 * no known ZIP code at all; null when it belongs to the state. A state that is not a USPS code is the state
 * rule's to refuse, and says nothing here.
 */
export function zipStateProblem(state: string, zip: string, lookup: ZipStateLookup): Text | null {
  const normalized = normalizeZip(zip);
  if (normalized === undefined || !usState(state)) return null;
  const zip5 = normalized.slice(0, 5);
  const zipState = lookup(zip5);
  if (zipState === undefined) return text('addresses.zip.unknown', { zip: zip5 });
  return zipState === state ? null : text('addresses.zip.otherState', { zip: zip5, zipState, state });
}

/** A recipient's address parts the ZIP rule reads, as stored (country and state codes, normalized ZIP). */
export interface DestinationAddress {
  country: string;
  state: string;
  postalCode: string;
}

/**
 * The one check of a whole destination address beyond each field's own rules: the ZIP code is the state's.
 * Answers the field it is about (`postalCode`) with the text; every order-making path calls it with the
 * server's lookup (drafting for POST /orders, imports and batches; the edit of an order's customer details).
 */
export function destinationAddressProblem(
  address: DestinationAddress,
  lookup: ZipStateLookup,
): { path: 'postalCode'; text: Text } | null {
  if (address.country !== 'US') return null;
  const problem = zipStateProblem(address.state, address.postalCode, lookup);
  return problem ? { path: 'postalCode', text: problem } : null;
}
