/** 75.4 → "1:15"; 3725 → "1:02:05". Player clock text. */
export function formatClock(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** How a duration's parts are said in the page's language (the player's messages: duration.*). */
export type DurationWords = { minutes: (n: number) => string; seconds: (n: number) => string; both: (minutes: string, seconds: string) => string };

const ENGLISH: DurationWords = {
  minutes: (n) => `${n} minute${n === 1 ? '' : 's'}`,
  seconds: (n) => `${n} second${n === 1 ? '' : 's'}`,
  both: (minutes, seconds) => `${minutes} ${seconds}`,
};

/** 75 → "1 minute 15 seconds", for screen readers (aria-valuetext); a part that is 0 is left out, but "0 seconds". */
export function spokenDuration(seconds: number, words: DurationWords = ENGLISH): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  if (m && rest) return words.both(words.minutes(m), words.seconds(rest));
  return m ? words.minutes(m) : words.seconds(rest);
}
