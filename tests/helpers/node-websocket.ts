import { WebSocket } from 'ws';

// supabase-js wants a WebSocket for realtime when a client is created; browsers have one, Node 20
// does not.
(globalThis as Record<string, unknown>).WebSocket ??= WebSocket;
