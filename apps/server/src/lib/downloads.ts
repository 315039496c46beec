/**
 * The one way a route answers a file (an xlsx workbook, a PDF label): its content type, its name in
 * content-disposition and its bytes or stream. `xlsxDownload` and `fileReply` tell the document the same.
 */
import type { Readable } from 'node:stream';
import { withoutHiddenControls } from '@parcelops/shared';
import type { FastifyReply } from 'fastify';
import type { StreamedFile } from './excel/streamed-file.ts';
import { fileReply } from './schemas.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_TYPE = 'application/pdf';

/** The success reply of a route that answers a generated workbook, as the document tells it. */
export const xlsxDownload = fileReply(XLSX_TYPE, 'An xlsx workbook');

export interface FileDownload {
  type: string;
  /** The name the browser gives the file; in the plain `filename` anything but `[\w.\- ]` becomes `_`. */
  name: string;
  body: Buffer | Readable;
  /** Shown in the browser (a label in its PDF viewer) rather than saved. */
  inline?: boolean;
  /** Also the exact UTF-8 name (RFC 6266 `filename*`), for names beyond ASCII (an account's, in Vietnamese). */
  utf8Name?: boolean;
}

function contentDisposition({ name: given, inline, utf8Name }: FileDownload): string {
  // A name built from a seller's text never carries a control or a right-to-left override into the browser's
  // save dialog (`…exe.pdf` shown for `…fdp.exe`), even in the exact UTF-8 form.
  const name = withoutHiddenControls(given);
  const plain = `${inline ? 'inline' : 'attachment'}; filename="${name.replace(/[^\w.\- ]/g, '_')}"`;
  if (!utf8Name) return plain;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${plain}; filename*=UTF-8''${encoded}`;
}

export function sendFile(reply: FastifyReply, file: FileDownload): FastifyReply {
  return reply.type(file.type).header('content-disposition', contentDisposition(file)).send(file.body);
}

/** Sends a workbook written while it is sent (excel/streamed-file.ts); a failure midway cuts the transfer and is logged. */
export function sendStreamedWorkbook(reply: FastifyReply, file: StreamedFile, name: string): FastifyReply {
  file.done.catch((error: unknown) => reply.log.error({ err: error }, 'A streamed workbook broke off'));
  reply.raw.once('finish', file.release);
  reply.raw.once('close', file.release);
  return sendFile(reply, { type: XLSX_TYPE, name, body: file.stream });
}

/**
 * The reply and handler of a GET that answers a blank workbook to fill in (an upload's template), named
 * `name`: spread into the route beside its access and summary.
 */
export function workbookTemplate(name: string, template: () => Promise<Buffer>) {
  return {
    response: { 200: xlsxDownload },
    handler: async (_request: unknown, reply: FastifyReply) =>
      sendFile(reply, { type: XLSX_TYPE, name, body: await template() }),
  };
}
