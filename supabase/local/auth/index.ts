import { json, type ServiceHandler, type StackContext } from '../context.ts';

export function createAuthHandler(_ctx: StackContext): ServiceHandler {
  return async () => json({ code: 500, error_code: 'unexpected_failure', msg: 'not implemented yet' }, 503);
}
