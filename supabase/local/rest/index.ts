import { json, type ServiceHandler, type StackContext } from '../context.ts';

export function createRestHandler(_ctx: StackContext): ServiceHandler {
  return async () => json({ code: 'PGRST000', message: 'not implemented yet' }, 503);
}
