'use client';

import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest } from '@/store/auth/selectors';
import { loginDialogOpened, topUpDialogOpened } from '@/store/ui/slice';
import { fetchAutoUnlock, unlockEpisode } from '@/store/coins/thunks';
import { selectCoinBalance, selectIsUnlocking } from '@/store/coins/selectors';
import { selectAutoUnlock as selectAutoUnlockSetting, selectAutoUnlockStatus as selectAutoUnlockSettingStatus } from '@/store/coins/selectors';
import { forgetUnlockIntent, unlockIntentFor } from '@/store/coins/unlock-intent';
import { CoinIcon } from '@/components/ui/icons';
import { useCoinFormat } from './use-coin-format';

const LINK_BUTTON = 'font-semibold text-gold-200 underline-offset-2 hover:underline';

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
 *
 * Back from a top-up that this button started (issue 20 item 6, store/coins/unlock-intent.ts), once the balance covers
 * the price: with auto-unlock on the episode is unlocked at once (an automatic unlock, under the daily cap); otherwise
 * the button is focused with the new balance beside it, one tap away.
 */
export function UnlockWithCoins({ videoId, movieSeriesId, episodeNumber, price, onUnlocked }: Props) {
  const dispatch = useAppDispatch();
  const t = useTranslations('coins.unlock');
  const f = useCoinFormat();
  const isGuest = useAppSelector(selectIsGuest);
  const balance = useAppSelector(selectCoinBalance);
  const busy = useAppSelector((s) => selectIsUnlocking(s, videoId));
  const short = balance !== null && balance < price;
  const autoSetting = useAppSelector(selectAutoUnlockSetting);
  const autoStatus = useAppSelector(selectAutoUnlockSettingStatus);
  const [invited, setInvited] = useState(false);
  const acted = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const onUnlockedRef = useRef(onUnlocked);
  useEffect(() => {
    onUnlockedRef.current = onUnlocked;
  }, [onUnlocked]);

  // Acted on once, when the new balance covers the price and the auto-unlock setting is known.
  useEffect(() => {
    if (acted.current || isGuest || balance === null || balance < price) return;
    if (!unlockIntentFor(videoId)) return;
    if (autoStatus === 'idle') void dispatch(fetchAutoUnlock());
    if (autoStatus === 'idle' || autoStatus === 'pending') return;
    acted.current = true;
    forgetUnlockIntent();
    void (async () => {
      if (autoSetting?.enabled) {
        const result = await dispatch(unlockEpisode({ videoId, movieSeriesId, episodeNumber, auto: true }));
        if (unlockEpisode.fulfilled.match(result)) return onUnlockedRef.current();
      }
      setInvited(true);
    })();
  }, [dispatch, isGuest, balance, price, autoStatus, autoSetting, videoId, movieSeriesId, episodeNumber]);

  useEffect(() => {
    if (!invited) return;
    button.current?.focus();
    button.current?.scrollIntoView?.({ block: 'center' });
  }, [invited]);

  const unlock = async () => {
    if (isGuest) {
      // The thunk says 'Please login first' and opens the login dialog.
      void dispatch(unlockEpisode({ videoId, movieSeriesId, episodeNumber }));
      return;
    }
    if (short) {
      dispatch(topUpDialogOpened({ forUnlock: videoId }));
      return;
    }
    const result = await dispatch(unlockEpisode({ videoId, movieSeriesId, episodeNumber }));
    if (unlockEpisode.fulfilled.match(result)) onUnlocked();
  };

  return (
    <div className="relative flex w-full flex-col items-center gap-2" data-testid="unlock-with-coins">
      {invited && !short ? (
        <p role="status" className="text-sm font-semibold text-gold-200" data-testid="unlock-ready">
          {t('coinsAdded', { coins: f.coins(balance ?? 0) })}
        </p>
      ) : null}
      <button
        ref={button}
        type="button"
        onClick={() => void unlock()}
        disabled={busy}
        aria-describedby={`balance-${videoId}`}
        data-testid="unlock-button"
        className={clsx(
          'inline-flex min-h-11 items-center gap-2 rounded-full bg-gradient-to-r from-gold-300 to-gold-400 px-6 text-sm font-semibold text-gold-900 shadow-[0_6px_20px_-8px_rgb(233_185_73/0.7)] transition hover:brightness-110 disabled:opacity-60',
          invited && 'ring-2 ring-gold-200 ring-offset-2 ring-offset-black',
        )}
      >
        <CoinIcon size={18} />
        {busy ? t('unlocking') : f.unlock(price)}
      </button>
      <p id={`balance-${videoId}`} className="text-xs text-white/70" data-testid="unlock-balance">
        {isGuest
          ? t.rich('guest', {
              login: (chunks) => (
                <button type="button" className={LINK_BUTTON} onClick={() => dispatch(loginDialogOpened())}>
                  {chunks}
                </button>
              ),
            })
          : t.rich(short ? 'balanceShort' : 'balance', {
              coins: f.coins(balance ?? 0),
              topUp: (chunks) => (
                <button type="button" className={LINK_BUTTON} onClick={() => dispatch(topUpDialogOpened({ forUnlock: videoId }))}>
                  {chunks}
                </button>
              ),
            })}
      </p>
    </div>
  );
}
