import type { StackConfig } from './config.ts';
import type { Database } from './db/types.ts';
import type { Mailbox } from './mail/mailbox.ts';

/** What every part of the local stack gets: configuration, the database and the mailbox. */
export interface StackContext {
  config: StackConfig;
  db: Database;
  mailbox: Mailbox;
}

const peers = new WeakMap<Request, string>();

/** Records the TCP peer a request came from (the server does, for every request). */
export function setPeerAddress(req: Request, address: string | undefined): void {
  if (address) peers.set(req, address.replace(/^::ffff:/, ''));
}

/** The address the request's connection came from; 'local' for requests made in-process. */
export const peerAddress = (req: Request): string => peers.get(req) ?? 'local';

/**
 * A route handler: a plain fetch-style function. `path` is the part after the service prefix
 * (e.g. "/todos" for /rest/v1/todos), always starting with "/".
 */
export type ServiceHandler = (req: Request, path: string) => Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
