import type shaka from 'shaka-player';
import { abrFor } from '../quality';
import type { Shaka } from './create';
import { addLicenceRequestFilter } from './licence';
import type { SessionEnv } from './session-env';

/**
 * The page's inline start's player, now the session's: licence requests also take the app's prefetched answers, the
 * device's own buffering goals (the start used the defaults), the quality as stored now, and subtitles. The start
 * showed none (its DOM would have broken hydration); now that React owns the <video>, Shaka draws them in the
 * player's text layer (`textLayer`: UITextDisplayer, which the player's CSS lifts above the controls), or as native
 * text tracks without one. Later loads reset the configuration: Shaka's default then picks the same displayer,
 * since the player has its container.
 */
export function takeOver(s: Shaka, player: shaka.Player, env: SessionEnv, textLayer: HTMLElement | null): void {
  addLicenceRequestFilter(s, player, env.takeLicence);
  const { bufferingGoal, rebufferingGoal, bufferBehind } = env.buffering();
  if (textLayer) player.setVideoContainer(textLayer);
  player.configure({
    streaming: { bufferingGoal, rebufferingGoal, bufferBehind },
    abr: abrFor(env.quality()),
    textDisplayFactory: (p: shaka.Player) => (textLayer ? new s.text.UITextDisplayer(p) : new s.text.NativeTextDisplayer(p)),
  });
}
