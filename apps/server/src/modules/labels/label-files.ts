/**
 * A label download in the format it was asked for (issue 33): its content type, file extension, and the
 * renderer that draws labels as they are read. PDF by PDFKit (label-pdf.ts), ZPL II at 203 or 300 dpi
 * (label-zpl.ts), both from the one label layout.
 */
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { LabelOutput } from '@parcelops/shared';
import { PDF_TYPE } from '../../lib/downloads.ts';
import { BinarySchema } from '../../lib/schemas.ts';
import type { LabelData } from './label-layout.ts';
import { streamLabelPages } from './label-pdf.ts';
import { streamZplLabels } from './label-zpl.ts';

/** ZPL is plain ASCII commands; printers' drivers and print servers know it by this type. */
export const ZPL_TYPE = 'application/zpl';

export interface LabelFile {
  type: string;
  extension: 'pdf' | 'zpl';
  /** Draws the labels as they are read, one after the other; fails on an empty run or a bad barcode. */
  stream(labels: Iterable<LabelData> | AsyncIterable<LabelData>, title: string): Readable;
}

export function labelFileOf(output: LabelOutput): LabelFile {
  if (output.format === 'zpl') {
    return {
      type: ZPL_TYPE,
      extension: 'zpl',
      stream: (labels) => streamZplLabels(labels, { dpi: output.dpi }),
    };
  }
  return { type: PDF_TYPE, extension: 'pdf', stream: (labels, title) => streamLabelPages(labels, { title }) };
}

/** The labels drawn whole in memory (one label, a few kilobytes). */
export function renderLabelFile(
  file: LabelFile,
  labels: readonly LabelData[],
  title: string,
): Promise<Buffer> {
  return buffer(file.stream(labels, title));
}

/** What every label route's description says of its format. */
export const LABEL_FORMATS_NOTE =
  '`format=zpl` answers ZPL II for thermal printers instead of the PDF, drawn from the same layout, at ' +
  '`dpi=203` (the default, 812x1218 dots a label) or `dpi=300` (1218x1827), as `application/zpl`; texts are ' +
  'graphic fields, so names print with their accents on any ZPL printer. Another format or dpi answers 400.';

/** A label route's reply in the document: a PDF, or ZPL when `format=zpl` is asked. */
export function labelReply(description: string) {
  return {
    description,
    content: { [PDF_TYPE]: { schema: BinarySchema }, [ZPL_TYPE]: { schema: BinarySchema } },
  };
}
