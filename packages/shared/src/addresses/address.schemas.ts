/**
 * The recipient's country, state and ZIP code as the order schemas take them (POST /orders, the edit of an
 * order, imports and batches, the web's forms): codes, upper-cased, the ZIP code written 12345 or 12345-6789.
 * Every destination is in the US today (destinations.ts), so the state and ZIP rules hold for every order.
 * Whether the ZIP code is the state's needs the ZIP data set, which only the server has: drafting checks it.
 */
import { z } from 'zod';
import { requiredText } from '../common/common.schemas.ts';
import { textIssue } from '../texts/issues.ts';
import type { Text } from '../texts/text.ts';
import {
  DEFAULT_DESTINATION_COUNTRY,
  destinationCountryProblem,
  normalizeZip,
  usStateProblem,
  zipFormatProblem,
} from './destinations.ts';

/** Text that must pass `problem`, turned into its stored form (`store`) when it does. */
const checked = (
  base: z.ZodString,
  problem: (value: string) => Text | null,
  store: (value: string) => string = (value) => value,
) =>
  base.transform((value, context) => {
    const words = problem(value);
    if (words) {
      context.addIssue(textIssue(words));
      return z.NEVER;
    }
    return store(value);
  });

export const destinationCountryField = checked(
  requiredText('country', 100),
  (value) => destinationCountryProblem(value),
  (value) => value.toUpperCase(),
).describe(
  `ISO 3166-1 alpha-2 code of the recipient's country: ${DEFAULT_DESTINATION_COUNTRY} (the lane's destination)`,
);

export const usStateField = checked(requiredText('state', 100), usStateProblem, (value) =>
  value.toUpperCase(),
).describe('USPS code of the US state, district, territory or military region (CA, DC, PR, AE)');

export const usZipField = checked(
  requiredText('postalCode', 20),
  zipFormatProblem,
  (value) => normalizeZip(value) as string,
).describe("The US ZIP code, 5 digits or ZIP+4 (12345-6789); it must be the state's");
