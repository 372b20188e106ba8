import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RestRequest, RestResponse } from './http.ts';

/** The server's direct path to /rest/v1: Node's request and response without fetch objects in between. */

const REST_PREFIX = '/rest/v1';
/** Paths URL leaves as they are: no dot segments, escapes or characters it would encode. */
const PLAIN_PATH = /^[A-Za-z0-9_/-]*$/;

/** The path under /rest/v1 of a request carrying a valid API key in its header or query (others take the general route). */
export function restPathOf(nodeReq: IncomingMessage, origin: string, validKeys: Set<string>): string | null {
  const raw = nodeReq.url ?? '/';
  if (!raw.startsWith(REST_PREFIX)) return null;
  const header = nodeReq.headers.apikey;
  // The common request (plain path, key in its header) needs no URL: such a path is what URL would make of it.
  const query = raw.indexOf('?');
  const plainPath = query < 0 ? raw : raw.slice(0, query);
  if (typeof header === 'string' && PLAIN_PATH.test(plainPath)) {
    if (plainPath !== REST_PREFIX && !plainPath.startsWith(REST_PREFIX + '/')) return null;
    return validKeys.has(header) ? plainPath.slice(REST_PREFIX.length) || '/' : null;
  }
  const url = new URL(raw, origin);
  if (url.pathname !== REST_PREFIX && !url.pathname.startsWith(REST_PREFIX + '/')) return null;
  const apikey = typeof header === 'string' ? header : url.searchParams.get('apikey');
  if (apikey === null || !validKeys.has(apikey)) return null;
  return url.pathname.slice(REST_PREFIX.length) || '/';
}

/** A Node request as the REST handler reads it: header values joined as fetch's Headers would have them. */
export function nodeRestRequest(nodeReq: IncomingMessage, origin: string, body: Buffer | undefined): RestRequest {
  const raw = nodeReq.headers;
  const value = (v: string | string[]) => (Array.isArray(v) ? v.join(', ') : v);
  return {
    method: nodeReq.method ?? 'GET',
    url: `${origin}${nodeReq.url ?? '/'}`,
    headers: {
      get: (name) => {
        const v = raw[name.toLowerCase()];
        return v === undefined ? null : value(v);
      },
      forEach: (fn) => {
        for (const name in raw) {
          const v = raw[name];
          if (v !== undefined) fn(value(v), name);
        }
      },
    },
    // TextDecoder drops a leading byte order mark, as Request.text() does.
    text: () => Promise.resolve(body ? new TextDecoder().decode(body) : ''),
    arrayBuffer: () => Promise.resolve(body ? new Uint8Array(body).buffer : new ArrayBuffer(0)),
  };
}

export function restInternalError(): RestResponse {
  const body = JSON.stringify({ code: 'XX000', message: 'Internal server error', details: null, hint: null });
  return { status: 500, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
}

export const fetchResponse = (res: RestResponse): Response => new Response(res.body, { status: res.status, headers: res.headers });

/** A REST answer in one write: headers, Content-Length and body together. */
export function writeRestResponse(nodeRes: ServerResponse, res: RestResponse, cors: Record<string, string>, headOnly: boolean): void {
  const headers: Record<string, string | number> = { ...cors, ...res.headers };
  if (res.body !== null) headers['content-length'] = Buffer.byteLength(res.body);
  nodeRes.writeHead(res.status, headers);
  nodeRes.end(headOnly || res.body === null ? undefined : res.body);
}
