/**
 * Reads a multipart upload (one file and text fields) into memory. The multipart plugin refuses files over
 * UPLOAD_LIMITS.fileBytes with 413 before they are buffered whole.
 */
import type {} from '@fastify/multipart';
import { ErrorCode, text } from '@parcelops/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from './app-error.ts';
import { assertSafeText } from './safe-text.ts';

export interface Upload {
  file: { buffer: Buffer; filename: string } | null;
  fields: Record<string, string>;
}

export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw AppError.badRequest(text('sheets.notMultipart'));
  const upload: Upload = { file: null, fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (upload.file) throw AppError.badRequest(text('sheets.oneFileOnly'));
        upload.file = { buffer: await part.toBuffer(), filename: part.filename };
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        // The JSON input guard (plugins/input-guard.ts) never sees multipart fields: refuse the same text here.
        assertSafeText(value, part.fieldname);
        upload.fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    throw asUploadRefusal(error, request);
  }
  return upload;
}

/**
 * Our own refusals and the plugin's limits (413 with their status) pass as they are. Anything else the parser
 * throws means the body itself is broken: busboy's "Unexpected end of form" or "Part terminated early" for a
 * body cut off (or a client that went away mid-part), "Malformed part header", a missing boundary. That is the
 * client's doing, so it is a 400 logged at info, never an error line.
 */
function asUploadRefusal(error: unknown, request: FastifyRequest): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && status !== 400) return error;
  request.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'malformed upload');
  return new AppError(ErrorCode.MALFORMED_UPLOAD, 400, text('sheets.malformedUpload'));
}

export function requireFile(upload: Upload, field = 'file'): Buffer {
  if (!upload.file || upload.file.buffer.length === 0) throw fieldError(field, text('sheets.chooseFile'));
  return upload.file.buffer;
}
