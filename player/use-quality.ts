'use client';

import { useSyncExternalStore } from 'react';
import { onQualityChange, readQuality, writeQuality, type Quality } from './quality';

const subscribe = (onChange: () => void) => onQualityChange(onChange);

/**
 * The stored video quality and its setter, for the player's control and the dashboard's setting: both follow a
 * change made by the other (or in another tab). Auto while hydrating (the server cannot know).
 */
export function useQuality(): [Quality, (quality: Quality) => void] {
  const quality = useSyncExternalStore(subscribe, readQuality, () => 'auto' as const);
  return [quality, writeQuality];
}
