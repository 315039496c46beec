/**
 * Why an upload cannot be read, in words for the person who sent it (always a 400). A plain Error rather than
 * AppError because it is thrown inside the parsing worker, which keeps its imports small (the sheet texts
 * alone, not the whole catalogue), and crosses back to the main thread as plain data: its English and its
 * catalogue text (parse-pool.ts turns them into an AppError).
 */
import { type SheetTextKey, sheetEnglish } from '@parcelops/shared/texts/sheets';

/** A catalogue text of the sheet texts, its parameters plain values (they cross the thread boundary as is). */
export interface SheetText {
  key: SheetTextKey;
  params?: Record<string, string | number>;
}

export class SheetRefusal extends Error {
  override name = 'SheetRefusal';
  readonly text: SheetText;

  constructor(key: SheetTextKey, params?: Record<string, string | number>, options?: ErrorOptions) {
    super(sheetEnglish(key, params), options);
    this.text = params ? { key, params } : { key };
  }
}
