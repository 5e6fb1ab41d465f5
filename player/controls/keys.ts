export type KeyAction = 'back' | 'forward' | 'toggle' | 'mute' | 'fullscreen';

/**
 * Spec §2 keys: ← or j skips back, → or l skips forward, k toggles play/pause; and what viewers expect of a video
 * player (issue 22): Space toggles play/pause too, m mutes, f toggles fullscreen.
 */
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
    case ' ':
      return 'toggle';
    case 'm':
    case 'M':
      return 'mute';
    case 'f':
    case 'F':
      return 'fullscreen';
    default:
      return null;
  }
}

/**
 * Keys typed into a field, or arrows on a slider, belong to that control, not to the player shortcuts; so does Space
 * on a button or link (it presses that: the play button would otherwise toggle twice).
 */
export function isOwnedByControl(target: EventTarget | null, key?: string): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  if (el.closest('input, textarea, select, [contenteditable="true"], [role="slider"]') !== null) return true;
  return key === ' ' && el.closest('button, a[href], summary, [role="button"], [role="link"], [role="checkbox"], [role="menuitem"], [role="tab"]') !== null;
}
