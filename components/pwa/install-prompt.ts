/**
 * The browser's offer to install the site as an app (`beforeinstallprompt`, Chromium), kept from the moment this
 * module loads: the event often fires before React hydrates, and a component that listened only after mounting would
 * miss it. `useInstallPrompt` reads it; `install()` shows the browser's own dialog (once per event, as the browser
 * allows). Safari and Firefox never fire it: there the button stays hidden and the install page explains the steps.
 */
import { useSyncExternalStore } from 'react';

/** Chromium's event (not in the DOM typings). */
export type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
};

type State = { offer: BeforeInstallPromptEvent | null; installed: boolean };

let state: State = { offer: null, installed: false };
const listeners = new Set<() => void>();
const set = (next: Partial<State>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

/** Starts listening (once per page); called at import in the browser. Exported for tests. */
export function listenForInstallPrompt(win: Window = window): void {
  const flagged = win as Window & { __kiligInstallPrompt?: true };
  if (flagged.__kiligInstallPrompt) return;
  flagged.__kiligInstallPrompt = true;
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // no mini-infobar: the site offers its own button
    set({ offer: event as BeforeInstallPromptEvent });
  });
  win.addEventListener('appinstalled', () => set({ offer: null, installed: true }));
  if (typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches) set({ installed: true });
}

if (typeof window !== 'undefined') listenForInstallPrompt();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const SERVER_STATE: State = { offer: null, installed: false };

/** `canInstall`: the browser offers installation now; `installed`: running as the installed app, or just installed. */
export function useInstallPrompt(): { canInstall: boolean; installed: boolean; install: () => Promise<void> } {
  const current = useSyncExternalStore(subscribe, () => state, () => SERVER_STATE);
  return {
    canInstall: current.offer !== null,
    installed: current.installed,
    install: async () => {
      const offer = state.offer;
      if (!offer) return;
      set({ offer: null }); // an event can prompt once
      await offer.prompt();
      const { outcome } = await offer.userChoice;
      if (outcome === 'accepted') set({ installed: true });
    },
  };
}

/** Tests: forget the offer and the installed flag. */
export function resetInstallPromptForTests(): void {
  state = { offer: null, installed: false };
}
