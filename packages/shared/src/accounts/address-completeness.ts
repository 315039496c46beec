/**
 * An account's address is given whole or not at all (spec §3, §5). A started one that lacks a required part
 * is refused with one detail per missing part, each on its field (`address.city`), instead of being dropped.
 */
import { z } from 'zod';
import { text } from '../texts/catalog.ts';
import { textIssue } from '../texts/issues.ts';

/** The parts an address must have; address2 is the only optional one. */
export const REQUIRED_ADDRESS_PARTS = ['name', 'address1', 'city', 'state', 'postalCode', 'country'] as const;
export type AddressPart = (typeof REQUIRED_ADDRESS_PARTS)[number];

const absent = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The required parts an address object leaves out or blank (a part of another type is the schema's to refuse). */
export function missingAddressParts(address: Partial<Record<AddressPart, unknown>>): AddressPart[] {
  return REQUIRED_ADDRESS_PARTS.filter((part) => absent(address[part]));
}

/**
 * `schema` (the address's own rules) behind the completeness rule: an object missing required parts answers
 * only those (the part's own rules would repeat them), each as a catalogue text; a whole one goes on to `schema`.
 * The document still shows `schema`, whose parts are required.
 */
export function completeAddress<Schema extends z.ZodType>(schema: Schema) {
  // Typed by the schema's input, so the wire types (and the web's payloads) keep the address's shape.
  return z.preprocess<unknown, Schema, z.input<Schema>>((value, ctx) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    for (const part of missingAddressParts(value as Partial<Record<AddressPart, unknown>>)) {
      const words = text('accountAddress.partMissing', { part: text(`accountAddress.part.${part}`) });
      ctx.addIssue(textIssue(words, [part]));
    }
    return value;
  }, schema);
}
