import handler from './handler.ts';
import { monitored } from '../_shared/monitoring.ts';

declare const Deno: { serve(handler: (req: Request) => Response | Promise<Response>): void };
Deno.serve(monitored('web-search', handler));
