import type { UiState } from './slice';

/** Which global dialog of the layout shell is open. */
type UiRoot = { ui: UiState };

export const selectLoginDialogOpen = (state: UiRoot) => state.ui.loginDialogOpen;
export const selectLogoutDialogOpen = (state: UiRoot) => state.ui.logoutDialogOpen;
export const selectSearchPanelOpen = (state: UiRoot) => state.ui.searchPanelOpen;
export const selectTopUpDialogOpen = (state: UiRoot) => state.ui.topUpDialogOpen;
export const selectTopUpForUnlock = (state: UiRoot) => state.ui.topUpForUnlock;
export const selectSubscriptionDialogOpen = (state: UiRoot) => state.ui.subscriptionDialogOpen;
