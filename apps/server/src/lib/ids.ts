import { v7 } from 'uuid';

/** Entity identifiers: UUIDv7 is sortable by creation time and cannot be guessed (product decisions). */
export function newSid(): string {
  return v7();
}
