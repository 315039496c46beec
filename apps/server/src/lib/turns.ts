/**
 * Gives the event loop a turn between two steps of long work (a page of a report, a chunk of an import), so
 * requests that arrived meanwhile are handled, and their statements queued, before the next step. On PGlite,
 * which runs every statement in this thread, that is what keeps the API answering while the work goes on.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
