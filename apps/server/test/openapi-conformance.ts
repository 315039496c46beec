/**
 * Holds the OpenAPI document to what the wire carries, the way an independent validating proxy would: the
 * operation is found from the document's own path templates (not Fastify's router), every reply must have a
 * documented status and content type and a body its schema accepts, and a request the server accepted must be
 * one the document allows. test-app.ts records every `app.inject` of the integration tests through here, so a
 * schema that drifts from the wire fails the test file whose traffic shows it.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type JsonSchema = Record<string, unknown>;

interface MediaType {
  schema?: JsonSchema;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

/** One request and its reply, as the test sent and received them. */
export interface Exchange {
  method: string;
  /** The request path without its query string. */
  path: string;
  /** The query string's parameters, as the server receives them: text. */
  query?: Record<string, string | string[]>;
  /** The request body: parsed JSON, the fields of a form (files as `{ binary: true }`), or undefined. */
  requestBody?: unknown;
  requestContentType?: string;
  status: number;
  replyContentType?: string;
  replyBody: string;
}

interface DocumentedRoute {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  operation: Operation;
}

/** A form's file part, as it reaches the validator: the document describes it as `format: binary`. */
export const FILE_PART = 'binary file';

/** Too large, URI too long, unsupported media type, and server failures. */
const ANY_ROUTE_STATUSES = (status: number) =>
  status === 413 || status === 414 || status === 415 || status >= 500;
const mediaTypeOf = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase();
const isJson = (mediaType: string | undefined) =>
  mediaType === 'application/json' || Boolean(mediaType?.endsWith('+json'));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `/vendors/{id}` → /^\/vendors\/([^/]+)$/ */
const templatePattern = (template: string) =>
  new RegExp(
    `^${template
      .split('/')
      .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '([^/]+)' : escapeRegExp(segment)))
      .join('/')}$`,
  );

function describeError(error: ErrorObject): string {
  const where = error.instancePath || '/';
  const params = error.params as Record<string, unknown>;
  const extra =
    typeof params.additionalProperty === 'string'
      ? ` (${params.additionalProperty})`
      : Array.isArray(params.allowedValues)
        ? ` (${params.allowedValues.map(String).join(', ')})`
        : '';
  return `${where} ${error.message ?? 'is not valid'}${extra}`;
}

/**
 * Of the branches of a oneOf/anyOf a value failed, keeps the errors of the closest one (fewest errors): a
 * vendor of kind mul that lacks accounts_count should hear that, not what a pgl vendor would need.
 */
function closestBranch(errors: ErrorObject[]): ErrorObject[] {
  const branchOf = (error: ErrorObject) => /^(.*?\/(?:oneOf|anyOf))\/(\d+)\//.exec(error.schemaPath);
  const counts = new Map<string, Map<string, number>>();
  for (const error of errors) {
    const [, at, branch] = branchOf(error) ?? [];
    if (at === undefined || branch === undefined) continue;
    const perBranch = counts.get(at) ?? new Map<string, number>();
    perBranch.set(branch, (perBranch.get(branch) ?? 0) + 1);
    counts.set(at, perBranch);
  }
  const best = new Map(
    [...counts].map(([at, perBranch]) => [at, [...perBranch].sort((a, b) => a[1] - b[1])[0]?.[0]]),
  );
  return errors.filter((error) => {
    const [, at, branch] = branchOf(error) ?? [];
    if (at !== undefined) return best.get(at) === branch;
    return !((error.keyword === 'oneOf' || error.keyword === 'anyOf') && best.has(error.schemaPath));
  });
}

export class OpenApiConformance {
  private readonly routes: DocumentedRoute[];
  private readonly ajv: Ajv2020;
  /** Parameters travel as text; the document types them (`page: integer`), as a server reading them would. */
  private readonly parametersAjv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    // The document is OpenAPI 3.1, whose schemas are JSON Schema 2020-12. Strict about keywords, so a
    // schema using one the validator does not know fails loudly instead of passing anything.
    const options = { allErrors: true, strict: true, strictTypes: false, strictTuples: false } as const;
    this.ajv = new Ajv2020(options);
    this.parametersAjv = new Ajv2020({ ...options, coerceTypes: 'array' });
    for (const ajv of [this.ajv, this.parametersAjv]) {
      addFormats(ajv);
      ajv.addFormat('binary', true);
      ajv.addKeyword({ keyword: 'example' });
    }
    this.routes = Object.entries(document.paths ?? {})
      .flatMap(([template, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method: method.toUpperCase(),
          template,
          pattern: templatePattern(template),
          params: (template.match(/\{/g) ?? []).length,
          operation,
        })),
      )
      // A literal segment wins over a parameter: /orders/statistic is not /orders/{id}.
      .sort((a, b) => a.params - b.params);
  }

  /** The documented operation an exchange went to, or undefined for hidden and unknown paths. */
  routeOf(method: string, path: string): DocumentedRoute | undefined {
    return this.routes.find((route) => route.method === method.toUpperCase() && route.pattern.test(path));
  }

  /** Every way the exchange departs from the document, each naming the route, the status and the place. */
  check(exchange: Exchange): string[] {
    const route = this.routeOf(exchange.method, exchange.path);
    if (!route) return [];
    const name = `${route.method} ${route.template} → ${exchange.status}`;
    const problems = this.checkReply(route, exchange).map((problem) => `${name}: reply ${problem}`);
    // A refused request may break the document on purpose (that is what the tests of 400s send); an
    // accepted one must be something the document lets a client send.
    if (exchange.status < 400)
      problems.push(...this.checkRequest(route, exchange).map((problem) => `${name}: request ${problem}`));
    return problems;
  }

  private checkReply(route: DocumentedRoute, exchange: Exchange): string[] {
    const responses = route.operation.responses ?? {};
    const status = String(exchange.status);
    const listed = responses[status] ?? responses[`${status[0]}XX`];
    // `default` (the error body) stands for what any route may answer: a server failure, or the framework
    // refusing a request before the route runs. A refusal of the route's own (a rule, a missing row, a role)
    // must be listed, so a client knows it can happen.
    const response = listed ?? (ANY_ROUTE_STATUSES(exchange.status) ? responses.default : undefined);
    if (!response) return [`status ${exchange.status} is not documented`];
    const content = response.content ?? {};
    const mediaType = mediaTypeOf(exchange.replyContentType);
    if (Object.keys(content).length === 0) {
      return exchange.replyBody.length > 0 ? [`has a ${mediaType} body where the document gives none`] : [];
    }
    if (!mediaType) return [`has no content type; documented: ${Object.keys(content).join(', ')}`];
    const media = content[mediaType];
    if (!media) return [`content type ${mediaType} is not documented (${Object.keys(content).join(', ')})`];
    if (!isJson(mediaType)) return [];
    let body: unknown;
    try {
      body = JSON.parse(exchange.replyBody);
    } catch {
      return [`body is not JSON`];
    }
    return this.validate(
      `${route.method} ${route.template} ${exchange.status} ${mediaType}`,
      media.schema,
      body,
    );
  }

  private checkRequest(route: DocumentedRoute, exchange: Exchange): string[] {
    return [
      ...this.checkParameters(route, 'path', this.pathParameters(route, exchange.path)),
      ...this.checkParameters(route, 'query', exchange.query ?? {}),
      ...this.checkBody(route, exchange),
    ];
  }

  private pathParameters(route: DocumentedRoute, path: string): Record<string, string> {
    const names = [...route.template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
    const values = route.pattern.exec(path)?.slice(1) ?? [];
    const decoded = (value = '') => {
      try {
        return decodeURIComponent(value);
      } catch {
        return value; // A malformed escape reaches the route as it is.
      }
    };
    return Object.fromEntries(names.map((name, index) => [name, decoded(values[index])]));
  }

  private checkParameters(route: DocumentedRoute, where: 'path' | 'query', values: object): string[] {
    const parameters = (route.operation.parameters ?? []).filter((parameter) => parameter.in === where);
    if (parameters.length === 0) return [];
    const schema = {
      type: 'object',
      properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema ?? {}])),
      required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    };
    const key = `${route.method} ${route.template} ${where}`;
    // A copy: coercion rewrites the values it checks.
    return this.validate(key, schema, { ...values }, this.parametersAjv).map(
      (problem) => `${where} ${problem}`,
    );
  }

  private checkBody(route: DocumentedRoute, exchange: Exchange): string[] {
    const requestBody = route.operation.requestBody;
    const mediaType = mediaTypeOf(exchange.requestContentType);
    if (exchange.requestBody === undefined) {
      return requestBody?.required ? ['has no body where the document requires one'] : [];
    }
    if (!requestBody?.content) return [`has a ${mediaType} body where the document gives none`];
    const media = mediaType ? requestBody.content[mediaType] : undefined;
    if (!media) {
      return [`content type ${mediaType} is not documented (${Object.keys(requestBody.content).join(', ')})`];
    }
    return this.validate(
      `${route.method} ${route.template} request ${mediaType}`,
      media.schema,
      exchange.requestBody,
    );
  }

  private validate(key: string, schema: JsonSchema | undefined, value: unknown, ajv = this.ajv): string[] {
    if (!schema) return [];
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      this.compiled.set(key, validate);
    }
    if (validate(value)) return [];
    return closestBranch(validate.errors ?? [])
      .slice(0, 6)
      .map(describeError);
  }
}
