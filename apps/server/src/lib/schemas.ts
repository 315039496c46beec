/** Reply schemas shared by many routes, for validation of what we send and for the OpenAPI document. */
import { ErrorCode } from '@parcelops/shared';
import { z } from 'zod';

export const DeletedSchema = z.object({ sid: z.string() });

export const ErrorBodySchema = z.object({
  msg: z.string(),
  code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** The error replies every authenticated route may give, listed once for the OpenAPI document. */
export const authErrors = { 401: ErrorBodySchema, 403: ErrorBodySchema } as const;
export const commonErrors = { 400: ErrorBodySchema, ...authErrors, 404: ErrorBodySchema } as const;
