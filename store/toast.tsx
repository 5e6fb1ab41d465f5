import toast from 'react-hot-toast/headless';
import type { ToastMessage } from '@/lib/message-text';

/**
 * The one way the store's listeners show a toast: they say WHAT (a key of the toasts namespace with its values, or
 * words from the server with their code) and this translates it for the page's language (lib/message-text.ts), since
 * listener effects cannot call hooks. On English pages a toast is the plain English string, as the spec words it.
 *
 * The texts (both languages' toasts and errors) load with the first toast, not with the page: every page's listeners
 * can toast, few loads do (decision 0015, "Toast texts with the first toast"). Until they are in, toasts wait for
 * them, in the order they were asked for.
 */
type Texts = typeof import('@/lib/message-text');
let texts: Texts | undefined;
let loadingTexts: Promise<Texts> | undefined;

/** The toasts' texts, loaded once (a failed load is tried again by the next toast). */
export function loadToastTexts(): Promise<Texts> {
  loadingTexts ??= import('@/lib/message-text').then(
    (loaded) => (texts = loaded),
    (error: unknown) => {
      loadingTexts = undefined;
      throw error;
    },
  );
  return loadingTexts;
}

type Kind = 'success' | 'error';
export const RETRY_TOAST_MS = 8000;
export type ToastOptions = {
  /** One toast for many calls (a session ending shows once). */
  id?: string;
  /** A button in the toast ('Try again'): it dismisses the toast and runs. */
  retry?: () => void;
};

function show(kind: Kind, message: ToastMessage, options: ToastOptions = {}): void {
  if (texts) showWith(texts, kind, message, options);
  else
    loadToastTexts().then(
      (loaded) => showWith(loaded, kind, message, options),
      // Offline before the texts came: words from the server or the store still show, as they came.
      () => 'text' in message && plain(kind, message.text, options.id),
    );
}

function plain(kind: Kind, text: string, id: string | undefined): void {
  if (id) toast[kind](text, { id });
  else toast[kind](text);
}

function showWith({ pageLocale, toastText }: Texts, kind: Kind, message: ToastMessage, { id, retry }: ToastOptions): void {
  const locale = pageLocale();
  const text = toastText(message, locale);
  if (!retry) return plain(kind, text, id);
  const label = toastText({ key: 'tryAgain' }, locale);
  toast[kind](
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
