/**
 * The one error handler (house style, "How an error travels"): every failure answers `{ msg, code, details? }`.
 * Validation failures carry field details; anything unexpected is logged with the request id and answered
 * as a plain 500, without stack, SQL or internals.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  type ApiErrorBody,
  ErrorCode,
  englishOf,
  type FieldIssue,
  issueText,
  plainText,
  type Text,
  text,
} from '@parcelops/shared';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/connection-errors.ts';
import { AppError, fieldIssue } from '../lib/app-error.ts';
import { logRequestCompleted } from './request-log.ts';

/** A reply body saying `words`: the English msg for API clients, the key and params for the web. */
function bodyOf(words: Text, code: ErrorCode, details?: FieldIssue[]): ApiErrorBody {
  const body: ApiErrorBody = { msg: englishOf(words), code, key: words.key };
  if (words.params) body.params = words.params;
  if (details?.length) body.details = details;
  return body;
}

const internalBody = () => bodyOf(text('common.internal'), ErrorCode.INTERNAL);

function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
}

/** What fastify-type-provider-zod hands on of a zod issue: its code, message and the rest of it as `params`. */
interface ValidationItem {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Several texts as one, joined with "; " (a chain, since a text's parameters hold no lists). */
function listOf(texts: Text[]): Text {
  return texts.reduceRight((rest, first) => text('requests.list', { first, rest }));
}

function validationBody(items: ValidationItem[], part: string): ApiErrorBody {
  const details = items.map((item) =>
    fieldIssue(
      fieldPath(item.instancePath) || part,
      item.message === undefined
        ? text('common.invalidValue')
        : issueText({ ...item.params, code: item.keyword, message: item.message }),
    ),
  );
  const texts = details.map((detail): Text => ({ key: detail.key ?? 'common.plain', params: detail.params }));
  const words =
    texts.length === 1 && texts[0]
      ? texts[0]
      : text('common.invalidFields', { count: texts.length, list: listOf(texts) });
  return bodyOf(words, ErrorCode.VALIDATION_FAILED, details);
}

/** Fastify's own client errors (bad JSON, wrong content type, too large) keep their status. */
function clientErrorBody(error: FastifyError): { status: number; body: ApiErrorBody } {
  const status = error.statusCode ?? 400;
  if (status === 413) {
    return { status, body: bodyOf(text('common.requestTooLarge'), ErrorCode.PAYLOAD_TOO_LARGE) };
  }
  if (status === 429) {
    return { status, body: bodyOf(plainText(error.message), ErrorCode.RATE_LIMITED) };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError') {
    return { status: 400, body: bodyOf(text('common.invalidJson'), ErrorCode.VALIDATION_FAILED) };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status, body: bodyOf(text('common.wrongMediaType'), ErrorCode.VALIDATION_FAILED) };
  }
  return { status, body: bodyOf(plainText(error.message), ErrorCode.VALIDATION_FAILED) };
}

/** How soon a caller may try again while the database is unreachable (a restart or failover takes seconds). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.cause) request.log.warn({ err: error.cause }, error.message);
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(bodyOf(error.text, error.code, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send(validationBody(error.validation as ValidationItem[], error.validationContext ?? 'body'));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const { status: code, body } = clientErrorBody(error as FastifyError);
      return reply.status(code).send(body);
    }
    if (isDatabaseUnreachable(error)) {
      // Nothing is wrong with the request or with us: the same request is worth sending again shortly.
      request.log.warn({ err: error }, 'database unreachable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(bodyOf(text('common.databaseUnavailable'), ErrorCode.DATABASE_UNAVAILABLE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(internalBody());
  });
});

/** What the router says about a URL it cannot route at all, in the contract (Fastify's `frameworkErrors`). */
function frameworkErrorBody(error: FastifyError): { status: number; body: ApiErrorBody } {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, body: bodyOf(text('common.badUrlEscape'), ErrorCode.VALIDATION_FAILED) };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, body: bodyOf(text('common.urlPartTooLong'), ErrorCode.VALIDATION_FAILED) };
    default:
      return { status: 500, body: internalBody() };
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
  // Fastify calls no completion for these replies: the request's line is logged here (plugins/request-log.ts).
  const slowRequestMs = request.server.config?.slowRequestMs ?? Number.POSITIVE_INFINITY;
  reply.raw.once('finish', () => logRequestCompleted(null, request, reply, slowRequestMs));
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
      ? [408, bodyOf(text('requests.timeout'), ErrorCode.VALIDATION_FAILED)]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, bodyOf(text('requests.headersTooLarge'), ErrorCode.PAYLOAD_TOO_LARGE)]
        : [400, bodyOf(text('requests.notHttp'), ErrorCode.VALIDATION_FAILED)];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n${securityHeaderLines()}Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/** The 404 body for a request no route answers: the API's and the ops listener's, in the same words. */
export function noRouteBody(method: string, path: string): ApiErrorBody {
  const words = text('requests.noRoute', { method, path });
  return { msg: englishOf(words), code: ErrorCode.NOT_FOUND, key: words.key, params: words.params };
}
