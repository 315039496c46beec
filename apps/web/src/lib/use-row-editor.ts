/**
 * The row a page's form has loaded from its SelectableTable (spec §2: clicking a row loads it into the form,
 * clicking outside the table deselects). A click inside the form itself, its dropdowns or its dialogs is not
 * "outside": otherwise the first click into a loaded row's field would wipe it. Those render in portals, so
 * the form's region is told apart by React's event path (`editorProps`), not by the DOM tree.
 */
import { useRef, useState } from 'react';

interface Loaded<Row> {
  row: Row | null;
  /** Counts loads and clears, so the form can be keyed on it and start afresh each time. */
  version: number;
}

export function useRowEditor<Row>(rows: readonly Row[], rowId: (row: Row) => string) {
  const [loaded, setLoaded] = useState<Loaded<Row>>({ row: null, version: 0 });
  const pointerInEditor = useRef(false);
  const selectedId = loaded.row ? rowId(loaded.row) : null;

  const load = (row: Row | null) => setLoaded((current) => ({ row, version: current.version + 1 }));

  const markPointerInEditor = () => {
    pointerInEditor.current = true;
    // The table's outside-click listener runs within this same event; after it, the mark is stale.
    setTimeout(() => {
      pointerInEditor.current = false;
    }, 0);
  };

  const onSelect = (id: string) => {
    if (id === '') {
      if (!pointerInEditor.current) load(null);
      return;
    }
    // Clicking the loaded row again keeps what has been typed into it.
    if (id === selectedId) return;
    load(rows.find((row) => rowId(row) === id) ?? null);
  };

  return {
    row: loaded.row,
    selectedId,
    /** The form's key: a new row, or none, gives a fresh form. */
    editorKey: `editor-${loaded.version}`,
    onSelect,
    load,
    clear: () => load(null),
    /** Swaps in the saved version of the loaded row, keeping the form as it is. */
    replace: (row: Row) => setLoaded((current) => ({ ...current, row })),
    /** Spread on the element wrapping the form (its dialogs included). */
    editorProps: { onMouseDownCapture: markPointerInEditor, onTouchStartCapture: markPointerInEditor },
  };
}
