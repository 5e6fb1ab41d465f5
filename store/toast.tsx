import toast from 'react-hot-toast';
import { pageLocale, toastText, type ToastMessage } from '@/lib/message-text';

/**
 * The one way the store's listeners show a toast: they say WHAT (a key of the toasts namespace with its values, or
 * words from the server with their code) and this translates it for the page's language (lib/message-text.ts), since
 * listener effects cannot call hooks. On English pages a toast is the plain English string, as the spec words it.
 */

type Kind = 'success' | 'error';
export const RETRY_TOAST_MS = 8000;
export type ToastOptions = {
  /** One toast for many calls (a session ending shows once). */
  id?: string;
  /** A button in the toast ('Try again'): it dismisses the toast and runs. */
  retry?: () => void;
};

function show(kind: Kind, message: ToastMessage, { id, retry }: ToastOptions = {}): string {
  const locale = pageLocale();
  const text = toastText(message, locale);
  if (!retry) return id ? toast[kind](text, { id }) : toast[kind](text);
  const label = toastText({ key: 'tryAgain' }, locale);
  return toast[kind](
    (t) => (
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span>{text}</span>
        <button
          type="button"
          className="inline-flex min-h-8 items-center rounded-full bg-white/10 px-3 text-sm font-semibold text-fg hover:bg-white/20"
          onClick={() => {
            toast.dismiss(t.id);
            retry();
          }}
        >
          {label}
        </button>
      </span>
    ),
    // Long enough to reach the button (WCAG 2.2.1); spec §9's 4 s is for toasts that only tell.
    { duration: RETRY_TOAST_MS, ...(id ? { id } : {}) },
  );
}

export const notify = {
  success: (message: ToastMessage, options?: ToastOptions) => show('success', message, options),
  error: (message: ToastMessage, options?: ToastOptions) => show('error', message, options),
};
