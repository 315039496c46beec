import { Messages } from '@parcelops/shared';
import { ApiError } from '../../lib/api-client.ts';

/**
 * Spec §8 Login messages: any 4xx reads as wrong credentials (so the form never tells which part was wrong),
 * except too many attempts, where the server's msg says how long to wait; 500 (including a network failure)
 * means the server is out of reach.
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return Messages.loginSomethingWrong;
  if (error.status === 429) return error.message;
  if (error.status >= 400 && error.status < 500) return Messages.loginIncorrect;
  if (error.status === 500) return Messages.serverUnreachable;
  return Messages.loginSomethingWrong;
}
