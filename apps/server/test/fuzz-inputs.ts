/**
 * Generators for the route fuzz test (fuzz-routes.test.ts): request bodies and query values shaped by the
 * OpenAPI document's JSON schemas (so many get past validation and reach services and queries), the same
 * with one node replaced by something hostile, and hostile values on their own; plus the URL encoding
 * that can carry what encodeURIComponent refuses (lone surrogates).
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
}

/** Real values worth trying for a field, by its name (existing sids, a known HS code, dates). */
export type Hints = (key: string) => readonly string[];

/**
 * JSON text JSON.stringify cannot write (numbers beyond a double, -0, deep nesting, `__proto__` keys): a value
 * holds a marker string that toJsonText swaps for the raw text.
 */
const RAW_JSON = [
  '1e400',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
  '-0',
  '9007199254740993',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '{"__proto__":{"role":2,"admin":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
];
const rawMarker = (index: number) => `\u0001RAW${index}\u0001`;

export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(
    /"\\u0001RAW(\d+)\\u0001"/g,
    (_, index) => RAW_JSON[Number(index)] ?? '0',
  );
}

/** Strings that have broken servers before: what PostgreSQL refuses, boundaries, injections, odd Unicode. */
const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udbff\udfff',
  '',
  ' ',
  ' \t\n ',
  'x'.repeat(10_000),
  'a'.repeat(65),
  'a'.repeat(101),
  '%',
  '%ff',
  '%00',
  "' or 1=1; --",
  '\\',
  '"',
  '../../etc/passwd',
  '😀',
  '\u202e\ufeff',
  'null',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '2026-02-30',
  '9999-12-31',
  '0000-01-01',
  '2026-01-01T25:61:00Z',
  '-271821-04-20',
  '_%',
  '*',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.constantFrom('\ud800', '\udc00', '\u0000', 'a', 'é'), maxLength: 6 }),
  },
);

const hostileNumber: fc.Arbitrary<number | string> = fc.oneof(
  fc.constantFrom(0, -1, 0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, -1e308, Number.MIN_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: 0, max: RAW_JSON.length - 1 }).map(rawMarker),
);

/** Anything a client could put where a value belongs. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// Real values twice as often as generated text where there are any: they get requests past validation.
const words = (hints: readonly string[]) =>
  hints.length ? [{ weight: 2, arbitrary: fc.constantFrom(...hints) }] : [];

/** Strings matching a schema's pattern; one fast-check cannot generate from gets free text instead. */
function matching(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string();
  }
}

/** Text a person would type: not blank, any script, well within the field's length. */
const typed = (maxLength: number) =>
  fc
    .string({
      unit: 'grapheme',
      minLength: 1,
      maxLength: Math.max(1, Math.min(20, Math.floor(maxLength / 2))),
    })
    .filter((text) => text.trim().length > 0);

function stringFor(schema: JsonSchema, key: string, hints: Hints, realistic: boolean): fc.Arbitrary<string> {
  const known = hints(key);
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (realistic) {
    if (known.length) return fc.constantFrom(...known);
    if (schema.format === 'email') return fc.constant('someone@example.com');
    return schema.pattern ? matching(schema.pattern) : typed(schema.maxLength ?? 40);
  }
  const plain =
    schema.format === 'email'
      ? fc.emailAddress()
      : schema.pattern
        ? matching(schema.pattern)
        : fc.oneof(
            fc.string({ minLength, maxLength }),
            fc.string({ unit: 'binary', minLength, maxLength }),
            fc.string({ unit: 'grapheme', minLength, maxLength }),
          );
  return fc.oneof({ weight: 1, arbitrary: plain }, ...words(known));
}

/**
 * Values the schema accepts, most of the time (free text may still break a rule the schema cannot say).
 * `realistic`: the known values and plain typed text a real client sends, so that the request gets through
 * to the service; otherwise any text the schema allows.
 */
export function fromSchema(
  schema: JsonSchema | undefined,
  hints: Hints,
  key = '',
  realistic = false,
): fc.Arbitrary<unknown> {
  if (!schema) return fc.jsonValue({ maxDepth: 2 });
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => fromSchema(choice, hints, key, realistic)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => fromSchema({ ...schema, type }, hints, key, realistic)));
  }
  switch (schema.type) {
    case 'string':
      return stringFor(schema, key, hints, realistic);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1e6, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1e6, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(fromSchema(schema.items, hints, key, realistic), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([name, child]) => [name, fromSchema(child, hints, name, realistic)]),
      );
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** `value` with its `pick`-th node (pre-order, the root is 0) replaced, or given an extra key when an object. */
function replaceNode(value: unknown, pick: number, replacement: unknown, extraKey: string | null): unknown {
  let seen = 0;
  const count = (node: unknown): number =>
    1 +
    (Array.isArray(node)
      ? node.reduce((sum: number, child) => sum + count(child), 0)
      : node && typeof node === 'object'
        ? Object.values(node).reduce((sum: number, child) => sum + count(child), 0)
        : 0);
  const target = pick % count(value);
  const rebuild = (node: unknown): unknown => {
    if (seen++ === target) {
      if (extraKey !== null && node && typeof node === 'object' && !Array.isArray(node)) {
        return { ...node, [extraKey]: replacement };
      }
      return replacement;
    }
    if (Array.isArray(node)) return node.map(rebuild);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, rebuild(child)]));
    }
    return node;
  };
  return rebuild(value);
}

/** A valid-looking value with one node made hostile: the likeliest way to reach a service with bad data. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.nat(), hostileValue, fc.option(hostileString, { freq: 4 }))
    .map(([value, pick, replacement, extraKey]) => replaceNode(value, pick, replacement, extraKey));
}

/** A JSON body as text: valid, mutated, hostile, or none at all. */
export function jsonBody(schema: JsonSchema | undefined, hints: Hints): fc.Arbitrary<string | undefined> {
  const valid = schema
    ? fc.oneof(fromSchema(schema, hints, '', true), fromSchema(schema, hints))
    : fc.constant({});
  return fc
    .oneof(
      { weight: 4, arbitrary: valid },
      { weight: 4, arbitrary: mutated(valid) },
      { weight: 2, arbitrary: hostileValue },
      { weight: 1, arbitrary: fc.constant(undefined) },
    )
    .map((value) => (value === undefined ? undefined : toJsonText(value)));
}

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Percent-encodes any string. encodeURIComponent throws on a lone surrogate; it goes as the three bytes
 * UTF-8 would give it (invalid UTF-8, which the server has to refuse rather than choke on).
 */
export function encodeComponent(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? hex(0xe0 | (code >> 12)) + hex(0x80 | ((code >> 6) & 63)) + hex(0x80 | (code & 63))
        : encodeURIComponent(char);
  }
  return out;
}

/** Escapes sent as they are: malformed, overlong or encoding what no client should send. */
const RAW_ESCAPES = ['%', '%zz', '%ff', '%C0%80', '%ED%A0%80', '%00', '%2F', '%2e%2e'];
export const rawEscape = fc.constantFrom(...RAW_ESCAPES);

/** A query parameter's value as it goes on the wire: from its schema, hostile, or a raw escape. */
export function queryValue(schema: JsonSchema | undefined, key: string, hints: Hints, hostile: boolean) {
  const valid = fromSchema(schema, hints, key, !hostile).map((value) =>
    encodeComponent(typeof value === 'string' ? value : JSON.stringify(value)),
  );
  if (!hostile) return valid;
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 3, arbitrary: hostileString.map(encodeComponent) },
    { weight: 1, arbitrary: rawEscape },
  );
}
