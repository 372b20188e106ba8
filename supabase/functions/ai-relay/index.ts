import handler from './handler.ts';

declare const Deno: { serve(handler: (req: Request) => Response | Promise<Response>): void };
Deno.serve(handler);
