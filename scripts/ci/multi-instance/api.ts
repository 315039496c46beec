/** Requests to one API instance (/api/v1) as the signed-in admin; a FormData body goes as multipart. */

export interface Reply {
  status: number;
  headers: Headers;
  body: string;
}

export class Api {
  token: string | undefined;

  constructor(
    readonly name: string,
    readonly origin: string,
  ) {}

  async call(
    method: 'GET' | 'POST' | 'PUT',
    route: string,
    body?: unknown,
    timeoutMs = 60_000,
  ): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.origin}/api/v1${route}`, {
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(timeoutMs),
    });
    // A download is read as bytes and kept as their count: only JSON replies are read as text.
    const json = response.headers.get('content-type')?.includes('json');
    const text = json ? await response.text() : `(${(await response.arrayBuffer()).byteLength} bytes)`;
    return { status: response.status, headers: response.headers, body: text };
  }

  /** The reply's JSON when it is 200 or 201 (a JSON route); otherwise throws with the reply. */
  // biome-ignore lint/suspicious/noExplicitAny: replies of every shape.
  async ok(method: 'GET' | 'POST' | 'PUT', route: string, body?: unknown): Promise<any> {
    const reply = await this.call(method, route, body);
    if (reply.status !== 200 && reply.status !== 201)
      throw new Error(
        `${this.name}: ${method} ${route} answered ${reply.status} ${reply.body.slice(0, 500)}`,
      );
    return JSON.parse(reply.body);
  }
}

export function multipart(fields: Record<string, string>, file: Buffer, fileName: string): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  return form;
}
