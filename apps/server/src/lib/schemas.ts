/** Reply schemas shared by many routes, for validation of what we send and for the OpenAPI document. */
import { ErrorCode, TextParamSchema } from '@parcelops/shared';
import { z } from 'zod';

export const DeletedSchema = z.object({ sid: z.string() });

const TextParamsSchema = z
  .record(z.string(), TextParamSchema)
  .describe('The values of the placeholders of `key`; a value may itself be a text, `{ key, params }`');

const textKey = z
  .string()
  .describe('The catalogue key of the same words, for clients that show them in another language');

export const ErrorBodySchema = z.object({
  msg: z.string().describe('What went wrong, in English'),
  code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
  key: textKey.optional(),
  params: TextParamsSchema.optional(),
  details: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        key: textKey.optional(),
        params: TextParamsSchema.optional(),
      }),
    )
    .optional(),
});

/** The error replies every authenticated route may give, listed once for the OpenAPI document. */
export const authErrors = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const;
export const commonErrors = { 400: ErrorBodySchema, ...authErrors, 404: ErrorBodySchema } as const;
/**
 * What a spreadsheet upload may answer besides the common errors: too large (413), or the server is reading too
 * many files at once (503, Retry-After).
 */
export const uploadErrors = { 413: ErrorBodySchema, 503: ErrorBodySchema } as const;

/** A file's bytes, as the document tells them (`format: binary` is what client generators read as a file). */
export const BinarySchema = z.any().meta({ type: 'string', format: 'binary' });

/**
 * A download, documented as its content type with a binary body. The handler sends a Buffer, which Fastify
 * writes as it is without calling a serializer, so this only speaks to the document.
 */
export function fileReply(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: BinarySchema } } };
}

/**
 * A multipart/form-data body (lib/uploads.ts): the one file part and the text fields the handler reads. It goes
 * in a route's `schema.multipart`, which only the document reads: the handler parses the parts itself.
 */
export function multipartForm<Fields extends z.ZodRawShape>(fields: Fields, file = 'The xlsx workbook') {
  return z.object({ file: BinarySchema.describe(file), ...fields });
}
