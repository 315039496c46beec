/**
 * Text PostgreSQL can store. JSON and URLs can carry two things it refuses, which would otherwise surface as
 * 500s deep in a query: the NUL character (not allowed in `text`) and an unpaired UTF-16 surrogate (not
 * encodable as UTF-8; `jsonb` rejects the `\ud800` escape JSON.stringify writes for it). Both are bad input.
 */
import { englishOf, type FieldIssue, type Text, text } from '@parcelops/shared';
import { AppError, fieldIssue } from './app-error.ts';

// With the `u` flag a well-formed surrogate pair is one code point outside this class, so only a NUL or an
// unpaired half matches. Finding the NUL control character is the point here.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what PostgreSQL refuses
const UNSAFE = /[\u0000\uD800-\uDFFF]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above
const UNSAFE_ALL = /[\u0000\uD800-\uDFFF]/gu;

const NUL_REASON = text('requests.nul');
const SURROGATE_REASON = text('requests.surrogate');
export const NUL_MESSAGE = englishOf(NUL_REASON);
export const SURROGATE_MESSAGE = englishOf(SURROGATE_REASON);

/** Why `value` cannot be stored as text (a catalogue text), or null when it can. */
export function unsafeTextReason(value: string): Text | null {
  const found = UNSAFE.exec(value);
  if (!found) return null;
  return found[0] === '\u0000' ? NUL_REASON : SURROGATE_REASON;
}

/** A key as it can be shown in a path: its offending characters written as `\uXXXX`. */
function printableKey(key: string): string {
  return key.replace(UNSAFE_ALL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A step down from the root; paths are only spelled out for the one value reported. */
interface Step {
  key: string;
  parent: Step | null;
}

function pathOf(step: Step | null): string[] {
  const keys: string[] = [];
  for (let at = step; at; at = at.parent) keys.push(at.key);
  return keys.reverse();
}

/**
 * The first string or object key in `value` that cannot be stored as text, as a field issue whose path is
 * dotted like the validator's (`address.city`, `items.0.skuNumber`, `filter`); `root` names the value itself
 * when it is a lone string. Walks with its own stack and parent links, so a body nested a hundred thousand
 * levels deep costs neither the call stack nor a copy of its path per level.
 */
export function findUnsafeText(value: unknown, root: string): FieldIssue | null {
  const stack: { value: unknown; at: Step | null }[] = [{ value, at: null }];
  const issue = (at: Step | null, reason: Text): FieldIssue =>
    fieldIssue(pathOf(at).join('.') || root, reason);
  while (stack.length) {
    const { value: current, at } = stack.pop() as { value: unknown; at: Step | null };
    if (typeof current === 'string') {
      const reason = unsafeTextReason(current);
      if (reason) return issue(at, reason);
    } else if (Array.isArray(current)) {
      // Pushed in reverse so that the first offending element is the one reported.
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], at: { key: String(index), parent: at } });
      }
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        const reason = unsafeTextReason(key);
        if (reason)
          return issue({ key: printableKey(key), parent: at }, text('requests.unsafeKey', { reason }));
      }
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] as [string, unknown];
        stack.push({ value: child, at: { key, parent: at } });
      }
    }
  }
  return null;
}

/** Throws a 400 naming the first string or key of `value` that cannot be stored as text (see findUnsafeText). */
export function assertSafeText(value: unknown, root: string): void {
  const issue = findUnsafeText(value, root);
  if (issue) {
    const problem: Text = { key: issue.key ?? 'common.plain', params: issue.params };
    throw AppError.badRequest(text('requests.fieldProblem', { path: issue.path, problem }), [issue]);
  }
}
