import { AiError } from '@/shared/ai/aiErrors.ts';

/** The AiError a call fails with; a success, or any other error, fails the test. */
export async function aiFailure(promise: Promise<unknown>): Promise<AiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}
