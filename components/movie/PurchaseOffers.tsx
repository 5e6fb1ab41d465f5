'use client';

import dynamic from 'next/dynamic';

/**
 * The title page's offers, each in a chunk of its own: 'Buy for ₱X' (premium movies) brings the premium part of the
 * store and the payment dialog, the series price summary the coin part. Most titles show neither, so their first
 * load carries neither; where one shows, it is rendered on the server and its chunk loads before hydration.
 */
export const BuyPremiumButton = dynamic(() => import('@/components/premium/BuyPremiumButton').then((m) => m.BuyPremiumButton));
export const SeriesPriceSummary = dynamic(() => import('@/components/coins/SeriesPriceSummary').then((m) => m.SeriesPriceSummary));
