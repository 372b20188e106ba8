/** GoTrue-style errors: `{code: <http status>, error_code, msg}` plus the API version header. */
const API_VERSION = '2024-01-01';
const API_VERSION_HEADERS = { 'x-supabase-api-version': API_VERSION };

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function authJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...API_VERSION_HEADERS, ...headers },
  });
}

export function errorResponse(error: AuthError): Response {
  const headers: Record<string, string> = {};
  if (error.status === 429) headers['retry-after'] = '60';
  return authJson({ code: error.status, error_code: error.errorCode, msg: error.message, ...error.extra }, error.status, headers);
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg);
export const unprocessable = (code: string, msg: string) => new AuthError(422, code, msg);
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg);
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg);
export const validationFailed = (msg: string) => new AuthError(400, 'validation_failed', msg);

/** Parses a JSON request body (empty body → {}); malformed JSON → 400 bad_json as GoTrue does. */
export async function readBody(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (!text.trim()) return {};
  const type = req.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return parsed as Record<string, unknown>;
}

/** A string field of a body, trimmed; undefined when absent or not a string. */
export function str(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  return typeof value === 'string' ? value : undefined;
}

/** A plain-object field of a body (metadata); undefined when absent. */
export function obj(body: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw validationFailed(`${key} must be an object`);
  return value as Record<string, unknown>;
}
