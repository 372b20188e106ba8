import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { makePerson, roleOf, signIn, uniqueEmail } from './admin-helpers.ts';

/**
 * The first master admin: `npm run admin:create -- <email>` against a running stack, and
 * MASTER_ADMIN_EMAIL when the stack starts. Both run as real processes.
 */
const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
const script = new URL('../../scripts/admin-create.ts', import.meta.url).pathname;
const stackMain = new URL('../../scripts/stack.ts', import.meta.url).pathname;

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.close());

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(tsx, [script, ...args], { env: { ...process.env, SUPABASE_URL: stack.url, ...env } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const idOf = async (email: string) =>
  (await stack.db.query<{ id: string }>('select id from public.profiles where email = $1', [email])).rows[0]?.id;

describe(`npm run admin:create (${testDbKind})`, () => {
  it('creates a confirmed master admin with the given password and name', async () => {
    const email = uniqueEmail('first-master');
    const { code, output } = await run([email, '--password', 'master-pass-123', '--name', 'First Master']);
    expect(code).toBe(0);
    expect(output).toContain(`${email} created as master admin.`);
    expect(await signIn(stack, email, 'master-pass-123')).not.toBeNull();
    const { rows } = await stack.db.query('select role, name from public.profiles where email = $1', [email]);
    expect(rows).toEqual([{ role: 'master_admin', name: 'First Master' }]);
    // Running it again changes nothing and says so.
    expect((await run([email])).output).toContain(`${email} is a master admin (no change).`);
  });

  it('without a password, prints a generated one that signs in', async () => {
    const email = uniqueEmail('generated');
    const { code, output } = await run([email]);
    expect(code).toBe(0);
    const password = /Password \(shown once[^)]*\): (\S+)/.exec(output)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(await signIn(stack, email, password)).not.toBeNull();
  });

  it('promotes an existing account and keeps its password', async () => {
    const person = await makePerson(stack, 'editor');
    const { output } = await run([person.email.toUpperCase()]);
    expect(output).toContain(`${person.email} promoted as master admin.`);
    expect(await roleOf(stack, person.id)).toBe('master_admin');
    expect(await signIn(stack, person.email)).not.toBeNull();
  });

  it('refuses bad input and says where it looked when the stack is down', async () => {
    expect((await run([])).code).toBe(2);
    const bad = await run(['not-an-email']);
    expect(bad).toMatchObject({ code: 1 });
    expect(bad.output).toContain('"not-an-email" is not an e-mail address.');
    const short = await run([uniqueEmail('short'), '--password', 'short']);
    expect(short.output).toContain('The password must be at least 8 characters long.');
    const down = await run([uniqueEmail('down')], { SUPABASE_URL: 'http://127.0.0.1:9' });
    expect(down.code).toBe(1);
    expect(down.output).toContain('No Supabase at http://127.0.0.1:9');
  });
});

describe('MASTER_ADMIN_EMAIL at stack start', () => {
  it('creates the master admin when the local stack starts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ai-vault-master-'));
    const port = 56000 + Math.floor(Math.random() * 1000);
    const email = uniqueEmail('env-master');
    const child = spawn(tsx, [stackMain], {
      env: {
        ...process.env,
        PGLITE_DATA_DIR: dataDir,
        STACK_SECRETS_DIR: join(dataDir, 'secrets'),
        STACK_PORT: String(port),
        DATABASE_URL: '',
        MASTER_ADMIN_EMAIL: email,
        MASTER_ADMIN_PASSWORD: 'env-master-pass',
      },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (output.includes('as master admin.')) {
            clearInterval(timer);
            resolve();
          }
        }, 100);
        child.once('exit', (code) => {
          clearInterval(timer);
          reject(new Error(`stack exited (${code}): ${output}`));
        });
      });
      expect(output).toContain(`${email} created as master admin.`);
      const { createClient } = await import('@supabase/supabase-js');
      const { WebSocket } = await import('ws');
      const client = createClient(`http://127.0.0.1:${port}`, stack.config.anonKey, {
        auth: { persistSession: false },
        realtime: { transport: WebSocket as never },
      });
      const { data, error } = await client.auth.signInWithPassword({ email, password: 'env-master-pass' });
      expect(error).toBeNull();
      expect(await client.rpc('current_app_role')).toMatchObject({ data: 'master_admin' });
      expect(data.user?.email).toBe(email);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(await idOf(email)).toBeUndefined(); // that stack had its own database
  }, 120_000);
});
