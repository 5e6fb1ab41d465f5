/**
 * Calls `then` once: when `video` presents its next frame (requestVideoFrameCallback; its next 'timeupdate' in a
 * browser without it), or after `maxMs`, whichever comes first.
 */
export function onNextFrame(video: HTMLVideoElement, then: () => void, maxMs: number): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(once, maxMs);
  const request = (video as Partial<HTMLVideoElement>).requestVideoFrameCallback;
  if (request) request.call(video, once);
  else video.addEventListener('timeupdate', once, { once: true });
}
