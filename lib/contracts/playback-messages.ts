/** Episode-open errors (spec §5), shown by the episode page and the player, answered by the playback endpoint. */
export const EPISODE_NOT_FOUND = 'Episode not found. Please try again.';
export const EPISODE_INCOMPLETE = 'Episode information is incomplete. Please try again.';
