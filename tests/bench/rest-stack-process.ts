import { readFile } from 'node:fs/promises';
import { openPglite } from '@/supabase/local/db/pglite.ts';
import { startLocalStack } from '@/supabase/local/server.ts';

/**
 * The local stack in a process of its own, as `npm start` runs it, for rest-bench.ts: on PostgreSQL it opens
 * BENCH_DATABASE_URL; on PGlite it loads BENCH_PGLITE_ARCHIVE (the bench's seeded database, dumped).
 * Over IPC it says where it listens, answers 'cpu' with its CPU time so far, and stops on 'stop'.
 */
export interface StackProcessReady {
  url: string;
  anonKey: string;
  jwtSecret: string;
}

const archive = process.env.BENCH_PGLITE_ARCHIVE;
const db = archive ? await openPglite(undefined, { loadDataDir: new Blob([await readFile(archive)]) }) : undefined;
const stack = await startLocalStack({ db, databaseUrl: process.env.BENCH_DATABASE_URL, config: { port: 0, logRequests: false } });
process.on('message', (message) => {
  if (message === 'cpu') process.send!({ cpu: process.cpuUsage() });
  if (message === 'stop')
    void stack
      .stop()
      .then(() => db?.close())
      .then(() => process.exit(0));
});
const ready: StackProcessReady = { url: stack.url, anonKey: stack.config.anonKey, jwtSecret: stack.config.jwtSecret };
process.send!({ ready });
