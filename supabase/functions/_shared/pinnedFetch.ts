import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { isPublicAddress } from './net.ts';

/**
 * A GET to a user-typed address that can only reach the public internet. The host name is
 * resolved once; every address it resolves to must be public (net.ts); the connection then goes to
 * the address that was checked — the name is never resolved again, so DNS rebinding (public at the
 * check, loopback at the connect) has nothing to swap. TLS still verifies the certificate for the
 * host name (SNI). The caller follows redirects itself, through this function again.
 */

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

export interface Target {
  address: string;
  family: 4 | 6;
}

/** A refusal to show the user (not a failure of the page). */
export class RefusedAddress extends Error {}

export async function publicTarget(url: URL, resolve: Resolve, allowPrivate = false): Promise<Target> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedAddress('Only http and https addresses can be added.');
  if (url.username || url.password) throw new RefusedAddress('Addresses with a user name or password cannot be added.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await resolve(host).catch(() => []);
  if (!addresses.length) throw new RefusedAddress('That address could not be found.');
  if (!allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) {
    throw new RefusedAddress('That address is on a private network and cannot be read.');
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

export function getPinned(
  url: URL,
  target: Target,
  options: { signal: AbortSignal; headers: Record<string, string>; method?: string; body?: string | Buffer },
): Promise<http.IncomingMessage> {
  const transport = url.protocol === 'https:' ? https : http;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const request = transport.request(
      {
        protocol: url.protocol,
        host: target.address,
        family: target.family,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? 'GET',
        headers: { ...options.headers, host: url.host },
        servername: isIP(hostname) ? undefined : hostname,
        signal: options.signal,
        agent: false,
      },
      resolve,
    );
    request.once('error', reject);
    request.end(options.body);
  });
}

/**
 * A fetch for calling a user-configured server (an OpenAI-compatible base URL) from the server:
 * every request goes through publicTarget and getPinned, so it reaches only the public address
 * that was checked.
 */
export function pinnedFetch(resolve: Resolve = systemResolve, allowPrivate = false): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const target = await publicTarget(url, resolve, allowPrivate);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body =
      init?.body == null ? undefined : typeof init.body === 'string' ? init.body : Buffer.from(await new Response(init.body).arrayBuffer());
    const res = await getPinned(url, target, {
      signal: init?.signal ?? new AbortController().signal,
      headers,
      method: init?.method ?? 'GET',
      body,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const status = res.statusCode ?? 502;
    const empty = status === 204 || status === 304 || init?.method === 'HEAD';
    if (empty) res.resume();
    return new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
      status,
      statusText: res.statusMessage,
      headers: responseHeaders,
    });
  };
}

/** A response body read whole, or null once it passes `maxBytes` (the connection is dropped then). */
export async function readLimitedBody(res: http.IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      res.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
