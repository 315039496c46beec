/**
 * The one error handler (house style, "How an error travels"): every failure answers `{ msg, code, details? }`.
 * Validation failures carry field details; anything unexpected is logged with the request id and answered
 * as a plain 500, without stack, SQL or internals.
 */
import { type ApiErrorBody, ErrorCode, type FieldIssue } from '@parcelops/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
}

function validationBody(issues: { instancePath: string; message?: string }[], part: string): ApiErrorBody {
  const details: FieldIssue[] = issues.map((issue) => ({
    path: fieldPath(issue.instancePath) || part,
    message: issue.message ?? 'is not valid',
  }));
  const first = details[0];
  const msg =
    details.length === 1 && first
      ? first.message
      : `${details.length} fields are not valid: ${details.map((d) => d.message).join('; ')}`;
  return { msg, code: ErrorCode.VALIDATION_FAILED, details };
}

/** Fastify's own client errors (bad JSON, wrong content type, too large) keep their status. */
function clientErrorBody(error: FastifyError): { status: number; body: ApiErrorBody } {
  const status = error.statusCode ?? 400;
  if (status === 413) {
    return { status, body: { msg: 'The request is too large.', code: ErrorCode.PAYLOAD_TOO_LARGE } };
  }
  if (status === 429) {
    return { status, body: { msg: error.message, code: ErrorCode.RATE_LIMITED } };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError') {
    return {
      status: 400,
      body: { msg: 'The request body is not valid JSON.', code: ErrorCode.VALIDATION_FAILED },
    };
  }
  return { status, body: { msg: error.message, code: ErrorCode.VALIDATION_FAILED } };
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.cause) request.log.warn({ err: error.cause }, error.message);
      const body: ApiErrorBody = { msg: error.message, code: error.code };
      if (error.details?.length) body.details = error.details;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error.validation, error.validationContext ?? 'body'));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const { status: code, body } = clientErrorBody(error as FastifyError);
      return reply.status(code).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ msg: INTERNAL_MESSAGE, code: ErrorCode.INTERNAL } satisfies ApiErrorBody);
  });
});
