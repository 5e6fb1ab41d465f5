'use client';

import { useEffect } from 'react';
import toast, { useToasterStore } from 'react-hot-toast/headless';
import { TOAST_LIMIT } from '@/lib/constants';

/**
 * react-hot-toast has no "max visible" option: dismiss every visible toast past the limit (spec §9: at most 20).
 * Toasts are kept newest first, so the oldest ones go.
 */
export function ToastLimiter({ limit = TOAST_LIMIT }: { limit?: number }) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(limit)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts, limit]);
  return null;
}
