/**
 * The API's documentation: the OpenAPI 3.1 document at /api/v1/openapi.json, generated from the same zod
 * schemas that validate requests, and a readable page for sellers at /api/docs rendered from it on the server
 * (no CDN, no script: it works offline and behind any proxy).
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorBodySchema } from '../lib/schemas.ts';
import { type AccessPolicy, access } from './access.ts';
import { type OpenApiDocument, renderDocsPage } from './docs-page.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The fields of a multipart/form-data body (`multipartForm` in lib/schemas.ts), for the document only:
     * the handler reads the parts itself (lib/uploads.ts), so Fastify must not validate a `body` it never parses.
     */
    multipart?: z.ZodType;
  }
}

/** Who may call an operation, as the document tells it (`x-access`). */
export interface AccessNote {
  public: boolean;
  roles: string[];
  apiKey: boolean;
}

function accessNote(policy: AccessPolicy | undefined): AccessNote | undefined {
  if (!policy) return undefined;
  if (policy.kind === 'public') return { public: true, roles: [], apiKey: false };
  return { public: false, roles: [...policy.roles], apiKey: policy.apiKey };
}

/**
 * What the document shows of a route beyond what Fastify validates: an upload's form as its request body, and
 * the error body for any status the route does not list (a 500, a 415 for a body of the wrong type). Only the
 * document sees these; the route's own schema, which Fastify compiles, is left as it is.
 */
const AnyErrorSchema = ErrorBodySchema.describe('Any other failure, in the error contract');

function documentedSchema<Schema extends FastifySchema>(schema: Schema): Schema {
  // Fastify hands routes without a schema over as undefined, whatever the type says.
  if (!schema) return schema;
  const { multipart, ...rest } = schema;
  const documented = (
    multipart ? { ...rest, body: multipart, consumes: ['multipart/form-data'] } : rest
  ) as Schema;
  if (rest.response) documented.response = { ...(rest.response as object), default: AnyErrorSchema };
  return documented;
}

/**
 * The reply headers a download documents beside its file (`headers` next to `fileReply`'s content, e.g. POST
 * /orders/status's counts): the zod transform keeps only a file reply's description and content, so they are
 * put back for @fastify/swagger, which writes them as the response's headers.
 */
function withReplyHeaders<T extends { schema: unknown }>(
  transformed: T,
  original: FastifySchema | undefined,
): T {
  const replies = original?.response as Record<string, { headers?: unknown }> | undefined;
  const documented = (transformed.schema as { response?: Record<string, Record<string, unknown>> }).response;
  if (!replies || !documented) return transformed;
  for (const [status, reply] of Object.entries(replies)) {
    const target = documented[status];
    if (reply && typeof reply === 'object' && reply.headers && target) target.headers = reply.headers;
  }
  return transformed;
}

export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ParcelOps API',
        version: '1.0.0',
        description:
          'Sellers integrate with an API key: create one on your account page and send it as `Authorization: Bearer <key>`.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A session token or an API key' },
        },
      },
      security: [{ bearer: [] }],
    },
    // The zod schemas become JSON Schema; each operation also says who may call it, and public ones need no
    // token.
    transform: (input) => {
      const transformed = withReplyHeaders(
        jsonSchemaTransform({ ...input, schema: documentedSchema(input.schema) }),
        input.schema,
      );
      const note = accessNote(input.route.config?.access);
      if (!note) return transformed;
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          'x-access': note,
          ...(note.public ? { security: [] } : {}),
        },
      };
    },
  });
});

/** GET /api/docs: the OpenAPI document as one self-contained HTML page. */
export const apiDocsPage: FastifyPluginAsync = async (app) => {
  let page: string | null = null;
  app.get(
    '/api/docs',
    { config: { access: access.public }, schema: { hide: true } },
    async (_request, reply) => {
      // The document cannot change once the app is ready: render it once.
      // @fastify/swagger types its answer as openapi-types' document; ours names only the fields the page reads.
      page ??= renderDocsPage(app.swagger() as unknown as OpenApiDocument, app.config.companyName);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )
        .send(page);
    },
  );
};
