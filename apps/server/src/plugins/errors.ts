/**
 * The one error handler (house style, "How an error travels"): every failure answers `{ msg, code, details? }`.
 * Validation failures carry field details; anything unexpected is logged with the request id and answered
 * as a plain 500, without stack, SQL or internals.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ApiErrorBody, ErrorCode, type FieldIssue } from '@parcelops/shared';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return {
      status,
      body: {
        msg: 'Send the body as application/json (uploads as multipart/form-data).',
        code: ErrorCode.VALIDATION_FAILED,
      },
    };
  }
  return { status, body: { msg: error.message, code: ErrorCode.VALIDATION_FAILED } };
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.cause) request.log.warn({ err: error.cause }, error.message);
      const body: ApiErrorBody = { msg: error.message, code: error.code, key: error.text.key };
      if (error.text.params) body.params = error.text.params;
      if (error.details?.length) body.details = error.details;
      if (error.headers) reply.headers(error.headers);
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

/** What the router says about a URL it cannot route at all, in the contract (Fastify's `frameworkErrors`). */
function frameworkErrorBody(error: FastifyError): { status: number; body: ApiErrorBody } {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return {
        status: 400,
        body: { msg: 'The address holds a malformed %-escape.', code: ErrorCode.VALIDATION_FAILED },
      };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return {
        status: 414,
        body: { msg: 'A part of the address is too long.', code: ErrorCode.VALIDATION_FAILED },
      };
    default:
      return { status: 500, body: { msg: INTERNAL_MESSAGE, code: ErrorCode.INTERNAL } };
  }
}

/**
 * Fastify's `frameworkErrors` option: a bad %-escape (FST_ERR_BAD_URL), an overlong path parameter
 * (FST_ERR_MAX_PARAM_LENGTH) or a failing route constraint (FST_ERR_ASYNC_CONSTRAINT) are met by the router
 * before any route is chosen, so the error handler above never sees them.
 */
/** Security headers for replies made outside the routes' hooks (see plugins/security-headers.ts). */
const ERROR_REPLY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = frameworkErrorBody(error);
  if (status >= 500) request.log.error({ err: error }, 'router error');
  // This reply bypasses the routes' hooks (the onSend ones that name the request and set the security
  // headers), so it sets what they would: a JSON error needs no more than the strictest policy.
  reply
    .headers({ ...ERROR_REPLY_HEADERS, 'x-request-id': request.id })
    .status(status)
    .send(body);
}

/**
 * Fastify's `clientErrorHandler`: Node could not parse the request (a malformed request line, headers over
 * the size limit, a timeout), so there is no request to reply to, only the socket. Same statuses as Fastify's
 * default, in the contract.
 */
const securityHeaderLines = () =>
  Object.entries(ERROR_REPLY_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');

export function answerClientError(error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ApiErrorBody] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, { msg: 'The request took too long to arrive.', code: ErrorCode.VALIDATION_FAILED }]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, { msg: 'The request headers are too large.', code: ErrorCode.PAYLOAD_TOO_LARGE }]
        : [400, { msg: 'The request is not valid HTTP.', code: ErrorCode.VALIDATION_FAILED }];
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n${securityHeaderLines()}Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
