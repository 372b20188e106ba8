import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NOT_JSON, readBody } from '@/supabase/functions/_shared/body.ts';

const schema = z.object({ email: z.string({ error: 'Enter an e-mail address.' }).trim().min(1, 'Enter an e-mail address.') });
const post = (body: string) => new Request('http://functions.test/x', { method: 'POST', body });

async function answer(result: Awaited<ReturnType<typeof readBody>>) {
  if (result.ok) throw new Error('expected a refusal');
  return { status: result.response.status, body: (await result.response.json()) as unknown };
}

describe('readBody: one 4xx shape for every function', () => {
  it('gives the parsed body', async () => {
    expect(await readBody(post('{"email":" a@b.co "}'), schema)).toEqual({ ok: true, body: { email: 'a@b.co' } });
  });

  it('refuses a body that is not JSON', async () => {
    expect(await answer(await readBody(post('{email'), schema))).toEqual({ status: 400, body: { error: NOT_JSON } });
  });

  it("answers with the schema's own sentence, for a missing field and for an empty body", async () => {
    expect(await answer(await readBody(post('{"email":"  "}'), schema))).toEqual({
      status: 400,
      body: { error: 'Enter an e-mail address.' },
    });
    expect(await answer(await readBody(post(''), schema))).toEqual({ status: 400, body: { error: 'Enter an e-mail address.' } });
  });
});
