import { createListenerMiddleware } from '@reduxjs/toolkit';
import { notify } from './toast';

/**
 * What the viewer sees around the store's requests (toasts, dialogs opening and closing) is done here, by listeners,
 * not by the thunks: a thunk says what happened, a listener shows it. One middleware serves every store: it holds
 * the listeners (code, no data), and each effect acts on the store whose action it saw. A part registers its
 * listeners when its thunks load (store/<part>/listeners.ts), so a part added to the store later brings its own.
 */
export const listenerMiddleware = createListenerMiddleware();
export const { startListening } = listenerMiddleware;

/** The toast id of 'your session has ended' answers: many calls failing at once show it once. */
const SESSION_ENDED_TOAST = 'session-ended';

/** Spec §8: one toast per message of a failed call (in Filipino on Filipino pages when its code is known). */
export function toastFailure(failure: { messages: readonly string[]; code: string | null }): void {
  for (const text of failure.messages) {
    notify.error({ text, code: failure.code }, failure.code === 'E_UNAUTHENTICATED' ? { id: SESSION_ENDED_TOAST } : {});
  }
}
