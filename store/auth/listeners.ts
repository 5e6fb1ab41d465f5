import { LOGIN_FAILED } from '@/lib/identity/messages';
import { startListening, toastFailure } from '@/store/listeners';
import { notify } from '@/store/toast';
import { loginDialogClosed, loginDialogOpened, logoutDialogClosed } from '@/store/ui/slice';
import { authRequests, storedUserInvalid } from './slice';

/** What the viewer sees of the auth requests (spec §4 Auth, §2 Login dialog). */

const logins = [
  [authRequests.loginWithEmail, 'auth.emailLoginSucceeded', true],
  [authRequests.signUpWithEmail, 'auth.signUpSucceeded', true],
  [authRequests.loginWithSocial, 'auth.socialLoginSucceeded', true],
  [authRequests.loginWithGoogleOneTap, 'auth.socialLoginSucceeded', false],
] as const;

// Each login attempt ends with its toast, and the login dialog closes after it whatever the outcome (spec §2). A
// failed attempt made in the dialog offers 'Try again', which opens it again on the same form with the e-mail kept
// (state.auth.lastFailedAttempt).
for (const [request, success, fromDialog] of logins) {
  startListening({ predicate: request.fulfilled, effect: (_, { dispatch }) => {
    notify.success({ key: success });
    dispatch(loginDialogClosed());
  } });
  startListening({ predicate: request.rejected, effect: (action, { dispatch }) => {
    if (action.meta.condition) return;
    notify.error({ text: action.payload ?? LOGIN_FAILED }, fromDialog ? { retry: () => dispatch(loginDialogOpened()) } : {});
    dispatch(loginDialogClosed());
  } });
}

startListening({ predicate: authRequests.fetchUserProfile.rejected, effect: (action) => action.payload && toastFailure(action.payload) });
startListening({ actionCreator: storedUserInvalid, effect: () => void notify.error({ key: 'auth.storedUserInvalid' }) });

startListening({ predicate: authRequests.logOut.fulfilled, effect: (_, { dispatch }) => {
  dispatch(logoutDialogClosed());
  notify.success({ key: 'auth.loggedOut' });
} });
startListening({ predicate: authRequests.deleteAccount.fulfilled, effect: () => void notify.success({ key: 'auth.accountDeleted' }) });
startListening({ predicate: authRequests.logOutEverywhere.fulfilled, effect: () => void notify.success({ key: 'auth.loggedOutEverywhere' }) });
