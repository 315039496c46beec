/**
 * Why an upload cannot be read, in words for the person who sent it (always a 400). A plain Error rather than
 * AppError because it is thrown inside the parsing worker, which keeps its imports small, and crosses back to
 * the main thread as text (parse-pool.ts turns it into an AppError).
 */
export class SheetRefusal extends Error {
  override name = 'SheetRefusal';
}
