import { FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '@/shared/core/account/texts.ts';
import { functionErrorKind, functionRefusal } from '@/shared/data/functions.ts';

const failed = (status: number, body: unknown) =>
  new FunctionsHttpError(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('functionRefusal', () => {
  it("keeps a function's own refusal as it is", async () => {
    const error = failed(400, { error: 'URL cannot be empty', code: 'invalid' });
    expect(await functionRefusal(error)).toEqual({ error: 'URL cannot be empty', code: 'invalid' });
  });

  it("reads the gateway's 401 (no JWT, or an expired session) as the sentence to sign in", async () => {
    for (const message of ['Missing authorization header', 'Invalid JWT']) {
      const error = failed(401, { code: 401, message });
      const refusal = await functionRefusal(error);
      expect(refusal).toEqual({ error: ACCOUNT_TEXTS.signIn, code: null });
      expect(functionErrorKind(error, refusal)).toBe('refused');
    }
  });

  it('gives null when the answer is not JSON', async () => {
    expect(await functionRefusal(new FunctionsHttpError(new Response('Bad gateway', { status: 502 })))).toBeNull();
  });
});
