export type KeyAction = 'back' | 'forward' | 'toggle';

/** Spec §2 keys: ← or j skips back, → or l skips forward, k toggles play/pause. */
export function keyAction(e: { key: string; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean }): KeyAction | null {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  switch (e.key) {
    case 'ArrowLeft':
    case 'j':
    case 'J':
      return 'back';
    case 'ArrowRight':
    case 'l':
    case 'L':
      return 'forward';
    case 'k':
    case 'K':
      return 'toggle';
    default:
      return null;
  }
}

/** Keys typed into a field, or arrows on a slider, belong to that control, not to the player shortcuts. */
export function isOwnedByControl(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  return el.closest('input, textarea, select, [contenteditable="true"], [role="slider"]') !== null;
}
