/**
 * Validation messages as catalogue texts. A zod issue leaves the schema with an English `message` only, so a
 * schema writes each message from a text, and `issueText` gives any issue back as its text (key and params)
 * for the server's details and the web's forms to render in the chosen language:
 * - a message fixed when the schema is built (`.min(1, says('validation.required', { label: field('name') }))`)
 *   is remembered by its English, a few hundred of them, so the issue is known by its message;
 * - a message made while parsing, from the value (a custom issue), carries its text in the issue's `params`
 *   (`context.addIssue(textIssue(text(...)))`), zod's documented place for a custom issue's data;
 * - zod's own messages (a `.max(200)` with no words of ours) map by issue code to generic texts with their
 *   limits, worded exactly as zod's English.
 * Whatever the way, a text is only answered when its English is the issue's message word for word, so the msg
 * API clients read never changes; anything else stays a plain text of that English.
 */

import type { FieldName } from './catalog/fields.ts';
import { englishOf, plainText, type TextKey, text } from './catalog.ts';
import { isText, type Text, type TextParam, type TextParams } from './text.ts';

/** A field's label as a nested text: `field('customerName')`. */
export function field(name: FieldName): Text {
  return text(`field.${name}`);
}

/** English message -> its text, for messages fixed when a schema is built (bounded: they are finitely many). */
const known = new Map<string, Text>();
/** English messages two different texts claimed; the catalogue test keeps this empty. */
const clashes = new Set<string>();
const MAX_KNOWN = 5_000;

function sameText(a: Text, b: Text): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A message fixed when a schema is built: its English, remembered with its text. Never call it with a value
 * read while parsing (the table would grow with every input): use `textIssue` there.
 */
export function says(key: TextKey, params?: TextParams): string {
  const words = text(key, params);
  const english = englishOf(words);
  const seen = known.get(english);
  if (seen === undefined) {
    if (known.size < MAX_KNOWN) known.set(english, words);
  } else if (!sameText(seen, words)) {
    clashes.add(english);
  }
  return english;
}

/** For tests: the English messages two different texts claimed (each should have one meaning). */
export function clashingMessages(): string[] {
  return [...clashes];
}

/** A custom issue carrying its text: `context.addIssue(textIssue(text(...), ['path']))`. */
export function textIssue(words: Text, path?: PropertyKey[]) {
  return {
    code: 'custom' as const,
    message: englishOf(words),
    params: { text: words },
    ...(path ? { path } : {}),
  };
}

/** An issue as zod reports it (and fastify-type-provider-zod passes it on): code, message, and its data. */
export type IssueLike = { code?: string; message?: string } & object;

/** An issue's data by name (zod's issue types are a union, each with its own fields). */
type IssueData = { code?: string; message?: string } & Record<string, unknown>;

const KINDS = new Set(['string', 'number', 'array', 'date', 'file', 'value']);
const UNITS: Record<string, string> = { string: 'characters', file: 'bytes', array: 'items', set: 'items' };
const FORMATS: Record<string, string> = {
  email: 'email',
  url: 'url',
  uuid: 'uuid',
  datetime: 'datetime',
  date: 'date',
};

const kind = (name: unknown): TextParam =>
  typeof name === 'string' && KINDS.has(name) ? text(`validation.kind.${name}` as TextKey) : String(name);

/** zod's English for a list of values (`"a"|"b"`), as its locale joins them. */
function joined(values: unknown, separator: string): string {
  if (!Array.isArray(values)) return '';
  return values.map((value) => (typeof value === 'string' ? `"${value}"` : String(value))).join(separator);
}

/** The generic text for one of zod's own issue codes, or undefined when there is none. */
function zodText(issue: IssueData, message: string): Text | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      const received = /, received (\S+)$/.exec(message)?.[1];
      return received
        ? text('validation.invalidType', { expected: kind(issue.expected), received })
        : undefined;
    }
    case 'invalid_value': {
      const values = Array.isArray(issue.values) ? issue.values : [];
      return values.length === 1
        ? text('validation.expectedValue', { value: joined(values, '|') })
        : text('validation.invalidOption', { values: joined(values, '|') });
    }
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const limit = small ? issue.minimum : issue.maximum;
      const relation: TextParam = issue.exact
        ? text('validation.exactly')
        : `${small ? '>' : '<'}${issue.inclusive ? '=' : ''}`;
      const origin = typeof issue.origin === 'string' ? issue.origin : 'value';
      const unit = UNITS[origin];
      const params: TextParams = { origin: kind(origin), relation, limit: String(limit) };
      if (unit)
        return text(small ? 'validation.tooSmallSize' : 'validation.tooBigSize', {
          ...params,
          unit: text(`validation.unit.${unit}` as TextKey),
        });
      return text(small ? 'validation.tooSmallValue' : 'validation.tooBigValue', params);
    }
    case 'invalid_format': {
      if (issue.format === 'regex') return text('validation.pattern', { pattern: String(issue.pattern) });
      const format = FORMATS[String(issue.format)];
      return format
        ? text('validation.invalidFormat', { format: text(`validation.format.${format}` as TextKey) })
        : undefined;
    }
    case 'not_multiple_of':
      return text('validation.notMultipleOf', { divisor: String(issue.divisor) });
    case 'unrecognized_keys': {
      const keys = Array.isArray(issue.keys) ? issue.keys : [];
      return text('validation.unrecognizedKeys', { keys: joined(keys, ', '), count: keys.length });
    }
    case 'invalid_union':
    case 'custom':
      return text('validation.invalidInput');
    default:
      return undefined;
  }
}

/**
 * An issue's words as a catalogue text whose English is exactly the issue's message: the text a custom issue
 * carries, the text a schema's fixed message was written from, or zod's own message by its code.
 */
export function issueText(issue: IssueLike): Text {
  const data = issue as IssueData;
  const message = data.message ?? englishOf(text('validation.invalidInput'));
  const carried = (data.params as { text?: unknown } | undefined)?.text;
  const candidates = [isText(carried) ? carried : undefined, known.get(message), zodText(data, message)];
  for (const candidate of candidates) {
    if (candidate && englishOf(candidate) === message) return candidate;
  }
  return plainText(message);
}
