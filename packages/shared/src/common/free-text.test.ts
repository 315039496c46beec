/**
 * Issue 30: one text rule for every free-text field the API takes. The test walks every exported input schema
 * (bodies and upload forms) and sends each of its string fields, alone, a value with a
 * hidden control character: each must refuse it or take it out, never keep it.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index.ts';
import { freeText, hasHiddenControls, requiredText } from './common.schemas.ts';

type Schema = z.core.$ZodType;

/** The schema under optional, nullable, default, pipe and transform wrappers. */
function innermost(schema: Schema): Schema {
  let at = schema;
  for (let step = 0; step < 10; step++) {
    // zod's definitions are a union per kind; the walk reads only the wrapper fields it knows.
    const def = (at as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    const inner = (def.innerType ?? def.in ?? (def.type === 'pipe' ? def.in : undefined)) as
      | Schema
      | undefined;
    if (!inner) return at;
    at = inner;
  }
  return at;
}

/** Every string field of an object schema, by its dotted path (nested objects and array elements too). */
function stringFields(schema: Schema, path: string, found: Map<string, Schema>) {
  const inner = innermost(schema);
  const def = (inner as { _zod: { def: { type: string; shape?: Record<string, Schema>; element?: Schema } } })
    ._zod.def;
  if (def.type === 'string') found.set(path, schema);
  else if (def.type === 'object' && def.shape) {
    for (const [key, child] of Object.entries(def.shape))
      stringFields(child, path ? `${path}.${key}` : key, found);
  } else if (def.type === 'array' && def.element) stringFields(def.element, `${path}[]`, found);
}

/**
 * Identifiers, secrets and search words (a bulk action's `filter` is the list's search), not stored text: an
 * unknown one is simply not found, or refused by its own rule.
 */
const NOT_FREE_TEXT =
  /(^filter\.|(^|\.)(sids?|\w+_sid|id|token|password|old_password|confirm|secret|barcodes?|hs_code|username|filter)(\[\])?$)/;

/** Bodies and upload forms: `…InputSchema`, `…FieldsSchema`, and the few named otherwise. */
const OTHER_INPUTS = ['AmsCartonLabelUpdateSchema', 'PriceTableNameSchema'];
const inputSchemas = Object.entries(shared).filter(
  ([name, value]) =>
    (/(Input|Fields)Schema$/.test(name) || OTHER_INPUTS.includes(name)) && value instanceof z.ZodType,
) as [string, Schema][];

const HIDDEN = ['\u202E', '\u0001', '\u007F', '\u0085', '\u2066'];

describe('the free-text rule', () => {
  it('finds the input schemas', () => {
    expect(inputSchemas.length).toBeGreaterThan(10);
  });

  it.each(inputSchemas)('keeps hidden controls out of every string field of %s', (_, schema) => {
    const fields = new Map<string, Schema>();
    stringFields(schema, '', fields);
    for (const [path, field] of fields) {
      if (NOT_FREE_TEXT.test(path)) continue;
      for (const hidden of HIDDEN) {
        const result = z.safeParse(field, `Abc${hidden}def`);
        if (result.success && typeof result.data === 'string') {
          expect(hasHiddenControls(result.data), `${path} kept U+${hidden.charCodeAt(0).toString(16)}`).toBe(
            false,
          );
        }
      }
    }
  });

  it('names the field, composes to NFC and folds a spreadsheet line break in a one-line field', () => {
    const name = requiredText('name', 100);
    const refused = name.safeParse('Batch \u202Efdp.exe');
    expect(refused.error?.issues[0]?.message).toBe(
      'Name must not contain control or text-direction characters',
    );
    // "Nguyễn" with its marks typed apart (NFD) is stored composed.
    expect(name.parse('Nguye\u0302\u0303n')).toBe('Nguyễn');
    expect(name.parse(' 12 Le Loi\r\nQ1\t ')).toBe('12 Le Loi Q1');
  });

  it('keeps line breaks in a multi-line field and refuses the rest', () => {
    const note = freeText(z.string(), null, { multiline: true });
    expect(note.parse('one\r\ntwo')).toBe('one\ntwo');
    expect(note.safeParse('one\u0000').success).toBe(false);
  });
});
