import type { LabelOutput } from '@parcelops/shared';
import { useEffect, useState } from 'react';
import { isLabelOutput } from './api.ts';

/** Where this device keeps the last label format chosen, on any screen that prints labels. */
export const LABEL_OUTPUT_KEY = 'parcelops.labels.output';

const PDF: LabelOutput = { format: 'pdf' };

function storedOutput(): LabelOutput {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(LABEL_OUTPUT_KEY) ?? 'null');
    return isLabelOutput(parsed) ? parsed : PDF;
  } catch {
    return PDF;
  }
}

/**
 * The label format this device printed with last (issue 33): the print page, the Orders screen's bulk Print
 * labels and a batch's Labels share it, since one desk has one printer. PDF until something else is chosen.
 * Not the station's `useStoredState`: its feature's index brings the scan queue's IndexedDB (Dexie) along,
 * which the orders list and every page's route data would then load.
 */
export function useLabelOutput(): [LabelOutput, (next: LabelOutput) => void] {
  const [output, setOutput] = useState(storedOutput);
  useEffect(() => {
    try {
      window.localStorage.setItem(LABEL_OUTPUT_KEY, JSON.stringify(output));
    } catch {
      // Storage full or refused (private mode): the choice still holds while the page is open.
    }
  }, [output]);
  return [output, setOutput];
}
