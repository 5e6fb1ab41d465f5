import { startListening } from '@/store/listeners';
import { notify } from '@/store/toast';
import { loginDialogOpened, topUpDialogOpened } from '@/store/ui/slice';
import { COIN_MESSAGES, coinRequests } from './slice';

/**
 * What the viewer sees of the coin requests (spec §4 'Episode unlock'): a guest is asked to log in, too few coins
 * open the top-up dialog, an expired login the login dialog; every charge is toasted (automatic ones with amount and
 * balance). An automatic unlock asks nothing of the viewer.
 */

const { unlockEpisode, unlockAllRemaining, startTopUp, saveAutoUnlock } = coinRequests;

startListening({
  predicate: unlockEpisode.fulfilled,
  effect: ({ payload, meta }) => {
    if (!meta.arg.auto || payload.charged <= 0) notify.success({ key: 'coins.unlocked' });
    else if (meta.arg.episodeNumber) notify.success({ key: 'coins.autoUnlockedEpisode', values: { episode: meta.arg.episodeNumber, charged: payload.charged, balance: payload.coins } });
    else notify.success({ key: 'coins.autoUnlockedNext', values: { charged: payload.charged, balance: payload.coins } });
  },
});

startListening({
  predicate: unlockEpisode.rejected,
  effect: ({ payload, meta }, { dispatch }) => {
    if (meta.condition || !payload) return;
    const { auto, videoId } = meta.arg;
    if (payload.code === 'LOGIN_REQUIRED' && !payload.httpStatus) {
      if (auto) return;
      notify.error({ text: payload.message, code: payload.code });
      dispatch(loginDialogOpened());
    } else if (payload.code === 'E_INSUFFICIENT_COINS') {
      notify.error({ text: payload.message, code: payload.code });
      if (!auto) dispatch(topUpDialogOpened({ forUnlock: videoId }));
    } else if (payload.code !== 'E_AUTO_UNLOCK_OFF') {
      notify.error({ text: payload.message, code: payload.code });
      if (payload.httpStatus === 401) dispatch(loginDialogOpened());
    }
  },
});

startListening({ predicate: unlockAllRemaining.fulfilled, effect: () => void notify.success({ key: 'coins.unlocked' }) });
startListening({
  predicate: unlockAllRemaining.rejected,
  effect: ({ payload, meta }, { dispatch }) => {
    if (meta.condition || !payload) return;
    notify.error({ text: payload.message, code: payload.code });
    if (payload.code === 'E_INSUFFICIENT_COINS') dispatch(topUpDialogOpened());
    else if (payload.code === 'LOGIN_REQUIRED' || payload.httpStatus === 401) dispatch(loginDialogOpened());
  },
});

// A guest who picks a plan or changes auto-unlock is asked to log in first.
startListening({
  predicate: (action) => (startTopUp.rejected(action) || saveAutoUnlock.rejected(action)) && action.payload === COIN_MESSAGES.loginFirst,
  effect: (_, { dispatch }) => void dispatch(loginDialogOpened()),
});

startListening({
  predicate: saveAutoUnlock.fulfilled,
  effect: ({ payload }) =>
    void notify.success(payload.enabled ? { key: 'coins.autoUnlockOn', values: { kind: payload.capKind, cap: payload.capValue } } : { key: 'coins.autoUnlockOff' }),
});
startListening({
  predicate: saveAutoUnlock.rejected,
  effect: ({ payload }) => {
    if (payload && payload !== COIN_MESSAGES.loginFirst) notify.error({ text: payload });
  },
});
