import toast from 'react-hot-toast';
import { startListening } from '@/store/listeners';
import { loginDialogOpened, topUpDialogOpened } from '@/store/ui/slice';
import { autoUnlockToast, capText, COIN_MESSAGES, coinRequests } from './slice';

/**
 * What the viewer sees of the coin requests (spec §4 'Episode unlock'): a guest is asked to log in, too few coins
 * open the top-up dialog, an expired login the login dialog; every charge is toasted (automatic ones with amount and
 * balance). An automatic unlock asks nothing of the viewer.
 */

const { unlockEpisode, unlockAllRemaining, startTopUp, saveAutoUnlock } = coinRequests;

startListening({
  predicate: unlockEpisode.fulfilled,
  effect: ({ payload, meta }) => {
    if (meta.arg.auto && payload.charged > 0) toast.success(autoUnlockToast(meta.arg.episodeNumber, payload.charged, payload.coins));
    else toast.success(COIN_MESSAGES.unlocked);
  },
});

startListening({
  predicate: unlockEpisode.rejected,
  effect: ({ payload, meta }, { dispatch }) => {
    if (meta.condition || !payload) return;
    const { auto, videoId } = meta.arg;
    if (payload.code === 'LOGIN_REQUIRED' && !payload.httpStatus) {
      if (auto) return;
      toast.error(payload.message);
      dispatch(loginDialogOpened());
    } else if (payload.code === 'E_INSUFFICIENT_COINS') {
      toast.error(payload.message);
      if (!auto) dispatch(topUpDialogOpened({ forUnlock: videoId }));
    } else if (payload.code !== 'E_AUTO_UNLOCK_OFF') {
      toast.error(payload.message);
      if (payload.httpStatus === 401) dispatch(loginDialogOpened());
    }
  },
});

startListening({ predicate: unlockAllRemaining.fulfilled, effect: () => void toast.success(COIN_MESSAGES.unlocked) });
startListening({
  predicate: unlockAllRemaining.rejected,
  effect: ({ payload, meta }, { dispatch }) => {
    if (meta.condition || !payload) return;
    toast.error(payload.message);
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
  effect: ({ payload }) => void toast.success(payload.enabled ? `Auto-unlock on: up to ${capText(payload.capKind, payload.capValue)} a day` : 'Auto-unlock off'),
});
startListening({
  predicate: saveAutoUnlock.rejected,
  effect: ({ payload }) => {
    if (payload && payload !== COIN_MESSAGES.loginFirst) toast.error(payload);
  },
});
