import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Open/closed flags of the global dialogs of the layout shell (spec §2 Layout shell, §4). */
export type UiState = {
  loginDialogOpen: boolean;
  logoutDialogOpen: boolean;
  searchPanelOpen: boolean;
  topUpDialogOpen: boolean;
  /** The locked episode whose 'Unlock' opened the top-up dialog (too few coins), null otherwise (issue 20 item 6). */
  topUpForUnlock: string | null;
  /** The VIP subscription dialog (spec §2 'Subscription dialog'); the /subscription page opens it. */
  subscriptionDialogOpen: boolean;
};

export const initialUiState: UiState = {
  loginDialogOpen: false,
  logoutDialogOpen: false,
  searchPanelOpen: false,
  topUpDialogOpen: false,
  topUpForUnlock: null,
  subscriptionDialogOpen: false,
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    loginDialogOpened: (state) => {
      state.loginDialogOpen = true;
    },
    loginDialogClosed: (state) => {
      state.loginDialogOpen = false;
    },
    logoutDialogOpened: (state) => {
      state.logoutDialogOpen = true;
    },
    logoutDialogClosed: (state) => {
      state.logoutDialogOpen = false;
    },
    searchPanelOpened: (state) => {
      state.searchPanelOpen = true;
    },
    searchPanelClosed: (state) => {
      state.searchPanelOpen = false;
    },
    searchPanelToggled: (state) => {
      state.searchPanelOpen = !state.searchPanelOpen;
    },
    /** `forUnlock`: the episode's video id when 'Unlock' opened it, so the viewer comes back to that unlock. */
    topUpDialogOpened: (state, action: PayloadAction<{ forUnlock?: string } | undefined>) => {
      state.topUpDialogOpen = true;
      state.topUpForUnlock = action.payload?.forUnlock ?? null;
    },
    topUpDialogClosed: (state) => {
      state.topUpDialogOpen = false;
      state.topUpForUnlock = null;
    },
    subscriptionDialogOpened: (state) => {
      state.subscriptionDialogOpen = true;
    },
    subscriptionDialogClosed: (state) => {
      state.subscriptionDialogOpen = false;
    },
  },
});

export const {
  loginDialogOpened,
  loginDialogClosed,
  logoutDialogOpened,
  logoutDialogClosed,
  searchPanelOpened,
  searchPanelClosed,
  searchPanelToggled,
  topUpDialogOpened,
  topUpDialogClosed,
  subscriptionDialogOpened,
  subscriptionDialogClosed,
} = uiSlice.actions;
