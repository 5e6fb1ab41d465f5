'use client';

import { useEffect, useRef } from 'react';
import type { Playback } from '@/lib/contracts/playback';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest } from '@/store/auth/selectors';
import { selectAutoUnlock as selectAutoUnlockSetting, selectAutoUnlockStatus as selectAutoUnlockSettingStatus } from '@/store/coins/selectors';

/** The coin thunks (they add the coin part to the store), loaded once a signed-in viewer is on the page: guests on a free episode never need them. */
const coinThunks = () => import('@/store/coins/thunks');

/**
 * Auto-unlock of the next episode (issue 11): when the viewer has it on and moves on (Next) to an episode that is
 * locked and sold for coins, it is unlocked with `{auto: true}` and plays; the slice toasts the amount and the balance.
 * The server enforces the daily cap: at the cap (429) its message shows and the locked panel stays. Each episode is
 * tried once per page, so a refusal never loops.
 *
 * `steppedTo`: the episode number the viewer moved to by previous/next (not the one the page was opened on);
 * `ready`: the playback on screen is this viewer's answer for that episode; `onUnlocked` loads it again to play.
 */
export function useAutoUnlock({ playback, steppedTo, ready, onUnlocked }: { playback: Playback; steppedTo: number | null; ready: boolean; onUnlocked: () => void }) {
  const dispatch = useAppDispatch();
  const isGuest = useAppSelector(selectIsGuest);
  const settings = useAppSelector(selectAutoUnlockSetting);
  const status = useAppSelector(selectAutoUnlockSettingStatus);
  const tried = useRef(new Set<string>());
  const onUnlockedRef = useRef(onUnlocked);
  useEffect(() => {
    onUnlockedRef.current = onUnlocked;
  }, [onUnlocked]);

  useEffect(() => {
    if (isGuest || status !== 'idle') return;
    let current = true;
    // The thunk's own condition drops a second call while one is pending.
    void coinThunks().then(({ fetchAutoUnlock }) => {
      if (current) void dispatch(fetchAutoUnlock());
    });
    return () => {
      current = false;
    };
  }, [dispatch, isGuest, status]);

  const { episode, isLocked, isTrailer, title } = playback;
  const due =
    ready &&
    !isGuest &&
    settings?.enabled === true &&
    isLocked &&
    !isTrailer &&
    steppedTo === episode.episodeNumber &&
    episode.coinPrice > 0;

  useEffect(() => {
    if (!due || tried.current.has(episode._id)) return;
    tried.current.add(episode._id);
    void coinThunks().then(async ({ unlockEpisode }) => {
      const result = await dispatch(unlockEpisode({ videoId: episode._id, movieSeriesId: title._id, episodeNumber: episode.episodeNumber, auto: true }));
      if (unlockEpisode.fulfilled.match(result)) onUnlockedRef.current();
    });
  }, [due, dispatch, episode._id, episode.episodeNumber, title._id]);
}
