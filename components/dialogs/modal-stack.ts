import { useSyncExternalStore } from 'react';

/**
 * The open modals, bottom to top, by id (components/dialogs/Modal.tsx pushes and removes): only the top one answers
 * keys. Its own module so that the toaster, on every page, reads whether one is open without carrying the modal's code,
 * which loads with the first dialog.
 */
const stack: string[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const isTopModal = (id: string) => stack[stack.length - 1] === id;

export function pushModal(id: string): void {
  stack.push(id);
  changed();
}

export function removeModal(id: string): void {
  const at = stack.lastIndexOf(id);
  if (at >= 0) stack.splice(at, 1);
  changed();
}

/** Whether any modal is open, for the toaster: while one is, toasts go to the bottom, never over a dialog's title. */
export const useAnyModalOpen = () => useSyncExternalStore(subscribe, () => stack.length > 0, () => false);
