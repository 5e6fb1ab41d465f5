import type shaka from 'shaka-player';
import type { Shaka } from './create';
import { addLicenceRequestFilter } from './licence';
import type { SessionEnv } from './session-env';

/**
 * The page's inline start's player, now the session's: licence requests also take the app's prefetched answers, the
 * device's own buffering goals (the start used the defaults), and subtitles. The start showed none (its <track>
 * elements would have broken hydration); now that React owns the <video>, the displayer Shaka uses by default without
 * a UI container (native text tracks) takes over.
 */
export function takeOver(s: Shaka, player: shaka.Player, env: SessionEnv): void {
  addLicenceRequestFilter(s, player, env.takeLicence);
  const { bufferingGoal, rebufferingGoal, bufferBehind } = env.buffering();
  player.configure({ streaming: { bufferingGoal, rebufferingGoal, bufferBehind }, textDisplayFactory: (p: shaka.Player) => new s.text.NativeTextDisplayer(p) });
}
