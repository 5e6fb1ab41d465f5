import toast from 'react-hot-toast';
import { LOGIN_FAILED } from '@/lib/identity/errors';
import { startListening, toastFailure } from '@/store/listeners';
import { loginDialogClosed, logoutDialogClosed } from '@/store/ui/slice';
import { AUTH_MESSAGES, authRequests, storedUserInvalid } from './slice';

/** What the viewer sees of the auth requests (spec §4 Auth, §2 Login dialog). */

const logins = [
  [authRequests.loginWithEmail, AUTH_MESSAGES.emailLoginSucceeded],
  [authRequests.signUpWithEmail, AUTH_MESSAGES.signUpSucceeded],
  [authRequests.loginWithSocial, AUTH_MESSAGES.socialLoginSucceeded],
  [authRequests.loginWithGoogleOneTap, AUTH_MESSAGES.socialLoginSucceeded],
] as const;

// Each login attempt ends with its toast, and the login dialog closes after it whatever the outcome.
for (const [request, success] of logins) {
  startListening({ predicate: request.fulfilled, effect: (_, { dispatch }) => {
    toast.success(success);
    dispatch(loginDialogClosed());
  } });
  startListening({ predicate: request.rejected, effect: (action, { dispatch }) => {
    if (action.meta.condition) return;
    toast.error(action.payload ?? LOGIN_FAILED);
    dispatch(loginDialogClosed());
  } });
}

startListening({ predicate: authRequests.fetchUserProfile.rejected, effect: (action) => action.payload && toastFailure(action.payload) });
startListening({ actionCreator: storedUserInvalid, effect: () => void toast.error(AUTH_MESSAGES.storedUserInvalid) });

startListening({ predicate: authRequests.logOut.fulfilled, effect: (_, { dispatch }) => {
  dispatch(logoutDialogClosed());
  toast.success(AUTH_MESSAGES.loggedOut);
} });
startListening({ predicate: authRequests.deleteAccount.fulfilled, effect: () => void toast.success(AUTH_MESSAGES.accountDeleted) });
startListening({ predicate: authRequests.logOutEverywhere.fulfilled, effect: () => void toast.success(AUTH_MESSAGES.loggedOutEverywhere) });
