'use client';

import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest } from '@/store/auth/authSlice';
import { loginDialogOpened, topUpDialogOpened } from '@/store/ui/uiSlice';
import { selectCoinBalance, selectIsUnlocking, unlockEpisode } from '@/store/coins/coinSlice';
import { CoinIcon } from '@/components/ui/icons';
import { coinsLabel, unlockLabel } from './coin-format';

type Props = {
  videoId: string;
  movieSeriesId: string;
  episodeNumber: number;
  /** Coins this episode costs this viewer (playback.episode.coinPrice). */
  price: number;
  /** The episode is watchable now: the episode view loads it and plays, without a reload. */
  onUnlocked: () => void;
};

/**
 * 'Unlock for N coins (₱X)' with the viewer's balance (spec §4 'Episode unlock'): a guest is asked to log in; too few
 * coins opens the top-up dialog; success marks the episode unlocked everywhere and toasts 'Successfully unlocked!'.
 */
export function UnlockWithCoins({ videoId, movieSeriesId, episodeNumber, price, onUnlocked }: Props) {
  const dispatch = useAppDispatch();
  const isGuest = useAppSelector(selectIsGuest);
  const balance = useAppSelector(selectCoinBalance);
  const busy = useAppSelector((s) => selectIsUnlocking(s, videoId));
  const short = balance !== null && balance < price;

  const unlock = async () => {
    if (isGuest) {
      // The thunk says 'Please login first' and opens the login dialog.
      void dispatch(unlockEpisode({ videoId, movieSeriesId, episodeNumber }));
      return;
    }
    if (short) {
      dispatch(topUpDialogOpened());
      return;
    }
    const result = await dispatch(unlockEpisode({ videoId, movieSeriesId, episodeNumber }));
    if (unlockEpisode.fulfilled.match(result)) onUnlocked();
  };

  return (
    <div className="relative flex w-full flex-col items-center gap-2" data-testid="unlock-with-coins">
      <button
        type="button"
        onClick={() => void unlock()}
        disabled={busy}
        aria-describedby={`balance-${videoId}`}
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-gradient-to-r from-gold-300 to-gold-400 px-6 text-sm font-semibold text-gold-900 shadow-[0_6px_20px_-8px_rgb(233_185_73/0.7)] transition hover:brightness-110 disabled:opacity-60"
      >
        <CoinIcon size={18} />
        {busy ? 'Unlocking...' : unlockLabel(price)}
      </button>
      <p id={`balance-${videoId}`} className="text-xs text-white/70" data-testid="unlock-balance">
        {isGuest ? (
          <>
            <button type="button" className="font-semibold text-gold-200 underline-offset-2 hover:underline" onClick={() => dispatch(loginDialogOpened())}>
              Log in
            </button>{' '}
            to unlock with coins
          </>
        ) : (
          <>
            Your balance: {coinsLabel(balance ?? 0)}
            {short ? ' – not enough, ' : ' · '}
            <button type="button" className="font-semibold text-gold-200 underline-offset-2 hover:underline" onClick={() => dispatch(topUpDialogOpened())}>
              Top up
            </button>
          </>
        )}
      </p>
    </div>
  );
}
