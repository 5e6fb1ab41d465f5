import { startListening, toastFailure } from '@/store/listeners';
import { notify } from '@/store/toast';
import { loginDialogOpened } from '@/store/ui/slice';
import { moviesRequests } from './slice';

/** What the viewer sees of their list, likes and ratings (spec §4): the server's messages, errors, the login dialog. */

const { fetchMyList, toggleMyList, toggleLike, rateVideo, removeVideoRating } = moviesRequests;

startListening({ predicate: toggleMyList.fulfilled, effect: (action) => void notify.success({ text: action.payload.message }) });
startListening({
  predicate: rateVideo.fulfilled,
  effect: (action) => {
    if (action.payload.message) notify.success({ text: action.payload.message });
  },
});

// A failed personal call shows its messages; a guest, or a login that expired, is asked to log in.
for (const request of [fetchMyList, toggleMyList, toggleLike, rateVideo, removeVideoRating]) {
  startListening({
    predicate: request.rejected,
    effect: ({ meta, payload }, { dispatch }) => {
      if (meta.condition || !payload) return;
      toastFailure(payload);
      if (payload.loginNeeded) dispatch(loginDialogOpened());
    },
  });
}
