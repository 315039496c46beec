/**
 * Renders the OpenAPI document as one self-contained HTML page for sellers' developers: how to authenticate,
 * then every operation by tag with who may call it, its parameters, request body and replies. Schemas are
 * shown as a readable sketch (`name?: string | null  // what it is`) with the exact JSON Schema folded away
 * underneath. Pure: document in, HTML out; no script, no external resource.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  format?: string;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface MediaContent {
  schema?: JsonSchema;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaContent> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaContent> }>;
  security?: unknown[];
  'x-access'?: { public: boolean; roles: string[]; apiKey: boolean };
}

export interface OpenApiDocument {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The order sellers meet things in; tags not listed follow alphabetically. */
const TAG_ORDER = [
  'auth',
  'orders',
  'batch orders',
  'tracking',
  'item declarations',
  'hs codes',
  'accounts',
  'api keys',
  'users',
  'ams',
  'vendors',
  'price tables',
  'settings',
];

const TAG_NOTES: Record<string, string> = {
  auth: 'Sign in with a username and password, and manage your own session. Programs use an API key instead.',
  orders: 'Create parcel orders, list and look them up, print their labels and download reports.',
  'batch orders': 'Many orders at once from a spreadsheet, processed in the background.',
  tracking: 'The public events of a parcel, by barcode. No token needed.',
  'item declarations': 'Your catalogue of items (SKU, description, weight, size, HS code) for customs.',
  'hs codes': 'The customs tariff codes items are declared under.',
  accounts: 'Seller accounts, their address, credit balance and credit usage report.',
  'api keys': 'Keys for your programs. A key is shown once, when it is created.',
  users: 'The people who sign in to an account.',
  vendors: 'Carrier vendors and their credentials (admins only).',
  'price tables': 'Rates by weight in VND and USD (admins only).',
  settings: 'What the sign-in page shows, and a health check.',
};

const ROLE_NAMES: Record<string, string> = {
  admin: 'Admins',
  operator: 'Operators',
  account: 'Account users',
};

function html(text: unknown): string {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** `code` spans for text written with backticks, as in the document's descriptions. */
function prose(text: string): string {
  return html(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

const anchor = (...parts: string[]) =>
  parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const TAG_TITLES: Record<string, string> = { 'api keys': 'API keys', 'hs codes': 'HS codes', ams: 'AMS' };
const title = (tag: string) => TAG_TITLES[tag] ?? tag.charAt(0).toUpperCase() + tag.slice(1);

// ---------------------------------------------------------------------------------------------------------
// Schemas as a readable sketch

class Sketcher {
  constructor(private readonly components: Record<string, JsonSchema>) {}

  private resolve(schema: JsonSchema, seen: Set<string>): JsonSchema | string {
    if (!schema.$ref) return schema;
    const name = schema.$ref.split('/').pop() ?? schema.$ref;
    const target = this.components[name];
    if (!target || seen.has(name)) return name;
    seen.add(name);
    return target;
  }

  /** A one-line note for a schema: its description, default and bounds. */
  note(schema: JsonSchema): string {
    const parts: string[] = [];
    if (schema.description) parts.push(schema.description);
    const bounds: string[] = [];
    if (schema.minLength === 1) bounds.push('not empty');
    else if (schema.minLength !== undefined && schema.minLength > 1)
      bounds.push(`at least ${schema.minLength} chars`);
    if (schema.maxLength !== undefined) bounds.push(`at most ${schema.maxLength} chars`);
    // z.int() states the safe-integer range, which says nothing to a reader.
    if (schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER)
      bounds.push(`min ${schema.minimum}`);
    if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER)
      bounds.push(`max ${schema.maximum}`);
    if (bounds.length > 0) parts.push(bounds.join(', '));
    if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
    return parts.join('; ');
  }

  sketch(schema: JsonSchema | undefined, indent = '', seen = new Set<string>()): string {
    if (!schema || Object.keys(schema).length === 0) return 'any';
    const resolved = this.resolve(schema, seen);
    if (typeof resolved === 'string') return resolved;
    const s = resolved;
    if (s.const !== undefined) return JSON.stringify(s.const);
    if (s.enum) return s.enum.map((value) => JSON.stringify(value)).join(' | ');
    const variants = s.anyOf ?? s.oneOf;
    if (variants) {
      return [...new Set(variants.map((variant) => this.sketch(variant, indent, new Set(seen))))].join(' | ');
    }
    if (s.allOf) return s.allOf.map((part) => this.sketch(part, indent, new Set(seen))).join(' & ');
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (types.length > 1) {
      return types.map((type) => this.sketch({ ...s, type }, indent, new Set(seen))).join(' | ');
    }
    const type = types[0] ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
    switch (type) {
      case 'object':
        return this.object(s, indent, seen);
      case 'array': {
        const items = Array.isArray(s.items) ? s.items[0] : s.items;
        const inner = this.sketch(items, indent, new Set(seen));
        return inner.includes(' | ') && !inner.includes('\n') ? `(${inner})[]` : `${inner}[]`;
      }
      case 'string':
        return s.format ? `string (${s.format})` : 'string';
      case undefined:
        return 'any';
      default:
        return type;
    }
  }

  private object(s: JsonSchema, indent: string, seen: Set<string>): string {
    const properties = Object.entries(s.properties ?? {});
    if (properties.length === 0) {
      if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        return `{ [key: string]: ${this.sketch(s.additionalProperties, indent, new Set(seen))} }`;
      }
      return '{}';
    }
    const required = new Set(s.required ?? []);
    const inner = `${indent}  `;
    const lines = properties.map(([name, property]) => {
      const value = this.sketch(property, inner, new Set(seen));
      const note = this.note(property);
      return `${inner}${name}${required.has(name) ? '' : '?'}: ${value}${note ? `  // ${note}` : ''}`;
    });
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The page

function schemaBlock(sketcher: Sketcher, schema: JsonSchema | undefined): string {
  return `<pre class="sketch">${html(sketcher.sketch(schema))}</pre>
<details class="raw"><summary>JSON Schema</summary><pre>${html(JSON.stringify(schema ?? {}, null, 2))}</pre></details>`;
}

function accessBadges(operation: Operation): string {
  const note = operation['x-access'];
  if (!note) return '';
  if (note.public) return '<span class="badge public">Public: no token needed</span>';
  const roles = note.roles.map((role) => `<span class="badge role">${html(ROLE_NAMES[role] ?? role)}</span>`);
  const key = note.apiKey
    ? '<span class="badge key">API keys</span>'
    : '<span class="badge nokey">Not with an API key</span>';
  return `<span class="who">Who may call it:</span> ${roles.join(' ')} ${key}`;
}

function parametersTable(sketcher: Sketcher, parameters: Parameter[]): string {
  const rows = parameters
    .map((parameter) => {
      const note = parameter.description ?? (parameter.schema ? sketcher.note(parameter.schema) : '');
      const type = sketcher.sketch(parameter.schema).replace(/\s+/g, ' ');
      return `<tr><td><code>${html(parameter.name)}</code></td><td>${html(parameter.in)}</td><td><code>${html(type)}</code></td><td>${parameter.required ? 'yes' : ''}</td><td>${prose(note)}</td></tr>`;
    })
    .join('');
  return `<h4>Parameters</h4>
<table class="params"><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function requestBody(sketcher: Sketcher, operation: Operation): string {
  const content = operation.requestBody?.content;
  if (!content) return '';
  return Object.entries(content)
    .map(
      ([type, media]) =>
        `<h4>Request body <span class="media">${html(type)}</span></h4>${schemaBlock(sketcher, media.schema)}`,
    )
    .join('');
}

function responses(sketcher: Sketcher, operation: Operation): string {
  const entries = Object.entries(operation.responses ?? {});
  const success = entries.filter(([status]) => status.startsWith('2'));
  const failures = entries.filter(([status]) => !status.startsWith('2')).map(([status]) => status);
  const blocks = success.map(([status, response]) => {
    const media = Object.entries(response.content ?? {})[0];
    const description =
      response.description && response.description !== 'Default Response'
        ? ` ${prose(response.description)}`
        : '';
    const schema = media?.[1].schema;
    // A file reply (z.any().describe('An xlsx workbook')) has nothing to sketch but its description.
    const onlyDescribed =
      schema && Object.keys(schema).every((key) => key === 'description' || key === '$schema');
    const body = !schema
      ? ''
      : onlyDescribed
        ? schema.description
          ? `<p class="file">${prose(schema.description)}</p>`
          : ''
        : schemaBlock(sketcher, schema);
    return `<h4>Reply <span class="status ok">${html(status)}</span>${description}</h4>${body}`;
  });
  const errors =
    failures.length > 0
      ? `<p class="errors">Errors: ${failures.map((status) => `<span class="status err">${html(status)}</span>`).join(' ')} with the <a href="#errors">error body</a>.</p>`
      : '';
  return blocks.join('') + errors;
}

interface Entry {
  method: string;
  path: string;
  operation: Operation;
}

function operationCard(sketcher: Sketcher, { method, path, operation }: Entry): string {
  const id = anchor('op', method, path);
  const parameters = operation.parameters ?? [];
  return `<article class="op" id="${id}">
<h3><a href="#${id}"><span class="method ${method}">${method.toUpperCase()}</span> <code class="path">${html(path)}</code></a></h3>
${operation.summary ? `<p class="summary">${prose(operation.summary)}</p>` : ''}
${operation.description ? `<p>${prose(operation.description)}</p>` : ''}
<p class="access">${accessBadges(operation)}</p>
${parameters.length > 0 ? parametersTable(sketcher, parameters) : ''}
${requestBody(sketcher, operation)}
${responses(sketcher, operation)}
</article>`;
}

function byTag(document: OpenApiDocument): Map<string, Entry[]> {
  const groups = new Map<string, Entry[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      const group = groups.get(tag) ?? [];
      group.push({ method, path, operation });
      groups.set(tag, group);
    }
  }
  const rank = (tag: string) => {
    const index = TAG_ORDER.indexOf(tag);
    return index === -1 ? TAG_ORDER.length : index;
  };
  const methodRank = (method: string) => METHODS.indexOf(method as (typeof METHODS)[number]);
  for (const entries of groups.values()) {
    entries.sort((a, b) => a.path.localeCompare(b.path) || methodRank(a.method) - methodRank(b.method));
  }
  return new Map([...groups].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)));
}

const STYLE = `
:root { --ink:#1d2433; --muted:#5b6475; --line:#e3e7ee; --bg:#f6f8fb; --accent:#1c6ef2; --code:#0f172a; }
* { box-sizing: border-box; }
body { margin:0; font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif; color:var(--ink); background:var(--bg); }
a { color:var(--accent); text-decoration:none; } a:hover { text-decoration:underline; }
code, pre { font-family: ui-monospace,SFMono-Regular,Menlo,Consolas,monospace; font-size:13px; }
header.top { background:#101828; color:#fff; padding:28px 40px; }
header.top h1 { margin:0 0 4px; font-size:26px; } header.top p { margin:0; color:#c8d0dd; }
.layout { display:grid; grid-template-columns: 270px minmax(0,1fr); gap:32px; max-width:1280px; margin:0 auto; padding:24px 32px 64px; }
nav.toc { position:sticky; top:16px; align-self:start; max-height:calc(100vh - 32px); overflow:auto; font-size:13.5px; }
nav.toc h2 { font-size:12px; text-transform:uppercase; letter-spacing:.08em; color:var(--muted); margin:18px 0 6px; }
nav.toc ul { list-style:none; margin:0 0 8px; padding:0; } nav.toc li { margin:2px 0; }
nav.toc li.tag > a { font-weight:600; color:var(--ink); }
nav.toc li.entry a { color:var(--muted); display:block; padding-left:8px; white-space:nowrap; overflow:hidden; text-overflow:ellipsis; }
main section { background:#fff; border:1px solid var(--line); border-radius:10px; padding:8px 28px 20px; margin-bottom:24px; }
main h2 { font-size:21px; margin:18px 0 6px; } .tagnote { color:var(--muted); margin-top:0; }
.op { border-top:1px solid var(--line); padding:14px 0 6px; } .op h3 { margin:0 0 4px; font-size:16px; }
.op h3 a { color:var(--ink); } .path { font-size:15px; color:var(--code); word-break:break-all; }
.summary { font-weight:600; margin:4px 0; }
.method { display:inline-block; min-width:62px; text-align:center; border-radius:5px; padding:2px 8px; font:700 12px/1.6 ui-monospace,Menlo,Consolas,monospace; color:#fff; vertical-align:1px; }
.method.get { background:#1c6ef2; } .method.post { background:#12924f; } .method.put, .method.patch { background:#c77700; } .method.delete { background:#d0352b; }
.access { margin:6px 0; font-size:13px; } .who { color:var(--muted); margin-right:2px; }
.badge { display:inline-block; border-radius:999px; padding:1px 9px; font-size:12px; border:1px solid var(--line); background:#f2f4f8; margin:1px 0; }
.badge.public { background:#e8f7ee; border-color:#b7e4c7; color:#17663a; } .badge.key { background:#eaf1fe; border-color:#bcd3fb; color:#1550b8; }
.badge.nokey { color:var(--muted); background:#fff; }
h4 { margin:14px 0 6px; font-size:13px; text-transform:uppercase; letter-spacing:.05em; color:var(--muted); }
h4 .media { text-transform:none; letter-spacing:0; font-weight:400; font-family:ui-monospace,Menlo,Consolas,monospace; }
pre { background:#0f172a; color:#e2e8f0; padding:12px 14px; border-radius:8px; overflow:auto; margin:6px 0; }
pre.sketch { background:#f7f9fc; color:var(--code); border:1px solid var(--line); }
details.raw summary { cursor:pointer; color:var(--muted); font-size:12.5px; } details.raw pre { max-height:420px; }
table { border-collapse:collapse; width:100%; font-size:13.5px; } th, td { text-align:left; border-bottom:1px solid var(--line); padding:6px 8px; vertical-align:top; }
th { color:var(--muted); font-weight:600; font-size:12px; text-transform:uppercase; letter-spacing:.04em; }
.status { display:inline-block; border-radius:5px; padding:0 7px; font:600 12px/1.7 ui-monospace,Menlo,Consolas,monospace; }
.status.ok { background:#e8f7ee; color:#17663a; text-transform:none; } .status.err { background:#fdecea; color:#a4271f; }
.errors, .file { font-size:13.5px; color:var(--muted); }
.intro p, .intro li { max-width:860px; }
@media (max-width: 900px) { .layout { grid-template-columns:1fr; padding:16px; } nav.toc { position:static; max-height:none; } header.top { padding:20px; } main section { padding:6px 16px 16px; } }
`;

function introSection(document: OpenApiDocument, company: string): string {
  const origin = '<code>https://&lt;your ParcelOps host&gt;</code>';
  return `<section class="intro" id="getting-started">
<h2>Getting started</h2>
<p>${prose(document.info?.description ?? '')}</p>
<p>Every call goes to ${origin} under <code>/api/v1</code> and speaks JSON, except file uploads (multipart/form-data) and downloads (PDF, xlsx).</p>
<h3 id="authentication">Authentication</h3>
<ol>
<li>Sign in to ${html(company)}, open your account page (Accounts) and create an API key under <em>API keys</em>. The key (it starts with <code>po_</code>) is shown once: store it safely.</li>
<li>Send it on every call in the <code>Authorization</code> header:
<pre>Authorization: Bearer &lt;token&gt;</pre></li>
</ol>
<p>A key acts as an account user of your account: it sees and changes only your account's data, and it cannot manage users, keys or the account itself. An inactive account's keys are refused (403).</p>
<pre>curl -H "Authorization: Bearer po_xxxxxxxx" https://&lt;host&gt;/api/v1/orders</pre>
<p>People sign in with <code>POST /api/v1/login</code> and send the returned session token the same way; sessions last 12 hours.</p>
<h3 id="errors">Errors</h3>
<p>Only 200 and 201 (and 204 for a password change) mean success. Every failure answers the same JSON body; branch on <code>code</code>, show <code>msg</code> to people:</p>
<pre>{
  "msg": "Order not found.",
  "code": "NOT_FOUND",
  "details": [{ "path": "items.0.quantity", "message": "Quantity must be at least 1" }]
}</pre>
<p><code>details</code> comes with validation failures (400) and names each field. 401 means a missing, expired or unknown token; 403 that the caller may not do this; 404 that the object does not exist or is not yours; 409 a conflict with the object's state; 413 a file that is too large; 429 too many attempts.</p>
<p>The machine-readable OpenAPI 3.1 document is at <a href="/api/v1/openapi.json"><code>/api/v1/openapi.json</code></a>.</p>
</section>`;
}

export function renderDocsPage(document: OpenApiDocument, company = 'ParcelOps'): string {
  const sketcher = new Sketcher(document.components?.schemas ?? {});
  const groups = byTag(document);
  const toc = [...groups]
    .map(
      ([tag, entries]) =>
        `<li class="tag"><a href="#${anchor('tag', tag)}">${html(title(tag))}</a><ul>${entries
          .map(
            (entry) =>
              `<li class="entry"><a href="#${anchor('op', entry.method, entry.path)}" title="${html(entry.operation.summary ?? '')}">${entry.method.toUpperCase()} ${html(entry.path.replace(/^\/api\/v1/, ''))}</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = [...groups]
    .map(
      ([tag, entries]) => `<section id="${anchor('tag', tag)}">
<h2>${html(title(tag))}</h2>
${TAG_NOTES[tag] ? `<p class="tagnote">${html(TAG_NOTES[tag])}</p>` : ''}
${entries.map((entry) => operationCard(sketcher, entry)).join('\n')}
</section>`,
    )
    .join('\n');
  const heading = document.info?.title ?? 'API';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(heading)} reference</title>
<style>${STYLE}</style>
</head>
<body>
<header class="top"><h1>${html(heading)}</h1><p>Reference for integrating with ${html(company)} · version ${html(document.info?.version ?? '')}</p></header>
<div class="layout">
<nav class="toc" aria-label="Contents">
<h2>Guide</h2>
<ul><li class="tag"><a href="#getting-started">Getting started</a></li><li class="tag"><a href="#authentication">Authentication</a></li><li class="tag"><a href="#errors">Errors</a></li></ul>
<h2>Reference</h2>
<ul>${toc}</ul>
</nav>
<main>
${introSection(document, company)}
${sections}
</main>
</div>
</body>
</html>
`;
}
