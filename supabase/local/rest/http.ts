/**
 * The REST handler's view of HTTP. A fetch `Request` fits `RestRequest`, and so does the server's thin view of a
 * Node request; answers are plain data the server writes straight to the socket (no fetch objects per request).
 */
export interface RestRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: {
    get(name: string): string | null;
    forEach(fn: (value: string, name: string) => void): void;
  };
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface RestResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string | null;
}

export const restResponse = (body: string | null, status: number, headers: Record<string, string>): RestResponse => ({
  status,
  headers,
  body,
});
