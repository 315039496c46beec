/** What component tests of a station page read of the device's queue (IndexedDB, fake in tests). */
import { openStationStore } from '../queue/station-db.ts';
import type { StationKind } from '../station-types.ts';

/** How many scans of `kind` are kept on the device: written, not only counted on screen. */
export async function scansOnDevice(kind: StationKind): Promise<number> {
  const store = await openStationStore();
  try {
    return await store.count(kind);
  } finally {
    store.close();
  }
}
