/**
 * Reads a multipart upload (one file and text fields) into memory. The multipart plugin refuses files over
 * UPLOAD_LIMITS.fileBytes with 413 before they are buffered whole.
 */
import type {} from '@fastify/multipart';
import { text } from '@parcelops/shared';
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
  return upload;
}

export function requireFile(upload: Upload, field = 'file'): Buffer {
  if (!upload.file || upload.file.buffer.length === 0) throw fieldError(field, text('sheets.chooseFile'));
  return upload.file.buffer;
}
