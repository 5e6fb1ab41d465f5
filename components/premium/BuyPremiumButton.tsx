'use client';

import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatPesos } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest, selectSessionStatus, selectUser } from '@/store/auth/selectors';
import { loginDialogOpened } from '@/store/ui/slice';
import { fetchPremiumInfo } from '@/store/premium/thunks';
import { selectPremiumAccess, selectPremiumInfo, selectPremiumInfoStatus } from '@/store/premium/selectors';
import { CheckIcon, PlayIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { PremiumPurchaseDialog } from './PremiumPurchaseDialog';

export type BuyPremiumButtonProps = {
  videoId: string;
  priceCentavos: number;
  /** Replaces 'Buy for ₱X'. */
  label?: string;
  /** Extra classes for the button (size, width). */
  className?: string;
};


/**
 * 'Buy for ₱X' for a premium video (a title or episode sold on its own): opens the purchase dialog (payment type,
 * method, the payment-info form, then the gateway). Guests are asked to log in first and carry on once they have.
 * A viewer who can already watch the video sees nothing, or 'Purchased' when it was their own purchase.
 */
export function BuyPremiumButton({ videoId, priceCentavos, label, className }: BuyPremiumButtonProps) {
  const dispatch = useAppDispatch();
  const t = useTranslations('premium.buy');
  const locale = useLocale();
  const isGuest = useAppSelector(selectIsGuest);
  const userId = useAppSelector(selectUser)?._id ?? null;
  const access = useAppSelector((s) => selectPremiumAccess(s, videoId));
  const info = useAppSelector((s) => selectPremiumInfo(s, videoId));
  const infoStatus = useAppSelector((s) => selectPremiumInfoStatus(s, videoId));
  const [open, setOpen] = useState(false);
  const [waitingForLogin, setWaitingForLogin] = useState(false);
  // While the stored session is being restored the viewer looks like a guest: a click then waits for the answer
  // instead of asking a signed-in viewer to log in (and stacking the login dialog over the purchase).
  const restoring = useAppSelector(selectSessionStatus) === 'pending';
  const askedToLogIn = useRef(false);

  useEffect(() => {
    if (!waitingForLogin || !isGuest || restoring || askedToLogIn.current) return;
    askedToLogIn.current = true;
    dispatch(loginDialogOpened());
  }, [dispatch, waitingForLogin, isGuest, restoring]);

  // The viewer's access (and the title's name for the dialog): asked once per user; guests have none to ask about.
  useEffect(() => {
    if (!isGuest && userId && infoStatus !== 'pending') void dispatch(fetchPremiumInfo(videoId));
    // Once per video and user; a failed answer leaves the button as it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, videoId, isGuest, userId]);

  // A guest who chose to buy and then logged in carries on, unless the video turns out to be theirs already.
  if (waitingForLogin && !isGuest && (access !== null || infoStatus === 'failed')) {
    setWaitingForLogin(false);
    if (!access) setOpen(true);
  }

  const dialog = open ? (
    <PremiumPurchaseDialog
      videoId={videoId}
      priceCentavos={info?.premiumVideo.priceCentavos ?? priceCentavos}
      title={info?.premiumVideo.title ?? null}
      onClose={() => setOpen(false)}
    />
  ) : null;

  // Access is only known in the browser (after the info call): server HTML and hydration show the button. An open
  // dialog stays (it may be saying 'You already have access to this video.').
  if (access === true) {
    return (
      <>
        {info?.userAccess?.via === 'purchase' ? (
          <span className="inline-flex h-12 items-center gap-2 rounded-full border border-gold-400/40 bg-gold-900/30 px-5 text-sm font-semibold text-gold-200" data-testid="premium-purchased">
            <CheckIcon size={18} /> {t('purchased')}
          </span>
        ) : null}
        {dialog}
      </>
    );
  }

  const onClick = () => {
    if (isGuest) {
      askedToLogIn.current = false;
      setWaitingForLogin(true);
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        aria-haspopup="dialog"
        className={buttonClass('vip', 'lg', className)}
        data-testid="buy-premium"
      >
        <PlayIcon size={20} /> {label ?? t('label', { price: formatPesos(priceCentavos, locale) })}
      </button>
      {dialog}
    </>
  );
}
