/**
 * How a route file declares its routes. The file says once what all its routes share: their OpenAPI tags and
 * the error replies every one of them may give. Each route says its own facts: method and path, its access
 * policy (required: the app refuses to start without one, plugins/auth.ts), summary and description, its
 * params, query and body, its success reply and its own further errors, and the handler. The handler's
 * request is typed from the zod schemas exactly as with `app.get` (fastify-type-provider-zod).
 *
 * ```ts
 * export function hsCodesRoutes(hsCodes: HsCodesService): FastifyPluginAsyncZod {
 *   return routes({ tags: ['hs codes'], errors: commonErrors }, (route) => {
 *     route.put('/hs_codes/:id', {
 *       access: access.admin(),
 *       summary: 'Change an HS code or its description',
 *       params: SidParamsSchema,
 *       body: HsCodeInputSchema,
 *       response: { 200: HsCodeSchema, 409: ErrorBodySchema },
 *       handler: async (request) => hsCodes.update(request.params.id, request.body),
 *     });
 *   });
 * }
 * ```
 */
import type {} from '@fastify/rate-limit';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AccessPolicy } from '../plugins/access.ts';
import { ErrorBodySchema } from './schemas.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Input = z.ZodType | undefined;
/** Replies by status: a zod schema, or a download's `fileReply` (lib/schemas.ts). */
type Replies = Readonly<Record<number, unknown>>;

/** What every route of one file shares. */
export interface RouteFileDefaults<Errors extends Replies> {
  tags: string[];
  /** The error replies every route of the file may give (e.g. `commonErrors`); a route adds its own. */
  errors: Errors;
}

export interface RouteSpec<
  Params extends Input,
  Query extends Input,
  Body extends Input,
  Response extends Replies,
  Errors extends Replies,
> {
  /** Who may call the route (plugins/access.ts). */
  access: AccessPolicy;
  /** A rate limit of this route's own (@fastify/rate-limit). */
  rateLimit?: FastifyContextConfig['rateLimit'];
  /**
   * A creating call (an order, an import, a batch, a manifest load, a top-up): counted against the caller's
   * CREATE_CALLS_PER_MINUTE (plugins/create-rates.ts), 429 with Retry-After beyond it.
   */
  createCall?: true;
  summary: string;
  description?: string;
  params?: Params;
  querystring?: Query;
  body?: Body;
  /** An upload's form, for the document only (`multipartForm`, plugins/docs.ts): the handler reads the parts. */
  multipart?: z.ZodType;
  /** The success reply and the errors of this route beyond the file's. */
  response: Response;
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    { params: Params; querystring: Query; body: Body; response: Response & Errors },
    ZodTypeProvider,
    FastifyBaseLogger
  >;
}

type Declare<Errors extends Replies> = <
  Params extends Input = undefined,
  Query extends Input = undefined,
  Body extends Input = undefined,
  Response extends Replies = Replies,
>(
  path: string,
  spec: RouteSpec<Params, Query, Body, Response, Errors>,
) => void;

export interface RouteDeclarations<Errors extends Replies> {
  get: Declare<Errors>;
  post: Declare<Errors>;
  put: Declare<Errors>;
  delete: Declare<Errors>;
}

/** A route's spec as the declaring code reads it, once its handler has been checked against its schemas. */
type CheckedSpec = Omit<RouteSpec<Input, Input, Input, Replies, Replies>, 'handler'> & { handler: unknown };

/** The schema as Fastify and the document read it: only the parts the route gives. */
function schemaOf({ tags, errors }: RouteFileDefaults<Replies>, spec: CheckedSpec): FastifySchema {
  const { summary, description, params, querystring, body, multipart, response } = spec;
  const given = { description, params, querystring, body, multipart };
  const parts = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const limited = spec.createCall ? { 429: ErrorBodySchema } : {};
  return { tags: [...tags], summary, ...parts, response: { ...errors, ...limited, ...response } };
}

export function routes<Errors extends Replies>(
  defaults: RouteFileDefaults<Errors>,
  declare: (route: RouteDeclarations<Errors>, app: App) => void,
): FastifyPluginAsyncZod {
  return async (app) => {
    const method = (name: HTTPMethods) => (path: string, spec: CheckedSpec) => {
      app.route({
        method: name,
        url: path,
        config: {
          access: spec.access,
          ...(spec.rateLimit === undefined ? {} : { rateLimit: spec.rateLimit }),
          ...(spec.createCall ? { createCall: true } : {}),
        },
        schema: schemaOf(defaults, spec),
        handler: spec.handler as RouteHandlerMethod,
      });
    };
    declare({ get: method('GET'), post: method('POST'), put: method('PUT'), delete: method('DELETE') }, app);
  };
}
