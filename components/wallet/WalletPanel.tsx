'use client';

import { useTranslations } from 'next-intl';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest } from '@/store/auth/selectors';
import { selectCoinBalance } from '@/store/coins/selectors';
import { loginDialogOpened, topUpDialogOpened } from '@/store/ui/slice';
import { CoinIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/styles';
import { useCoinFormat } from '@/components/coins/use-coin-format';

/** The coin balance (0 for guests), as the server last answered it, and the top-up dialog. */
export function WalletPanel() {
  const dispatch = useAppDispatch();
  const t = useTranslations('wallet.panel');
  const f = useCoinFormat();
  const isGuest = useAppSelector(selectIsGuest);
  const balance = useAppSelector(selectCoinBalance);
  const coins = isGuest ? 0 : (balance ?? 0);
  return (
    <section
      aria-labelledby="balance-heading"
      className="flex flex-col gap-6 rounded-3xl border border-gold-400/20 bg-gradient-to-br from-gold-900/60 via-ink-900 to-ink-900 p-6 sm:flex-row sm:items-center md:p-8"
    >
      <span className="inline-flex size-16 shrink-0 items-center justify-center rounded-2xl bg-gold-400/15 text-gold-300">
        <CoinIcon size={34} />
      </span>
      <div className="flex-1">
        <h2 id="balance-heading" className="text-sm font-semibold uppercase tracking-wider text-fg-subtle">
          {t('heading')}
        </h2>
        <p className="mt-1 font-display text-4xl font-bold text-gold-200" data-testid="coin-balance">
          {t.rich('balance', { count: coins, unit: (chunks) => <span className="text-lg font-semibold text-fg-muted">{chunks}</span> })}
        </p>
        {isGuest ? (
          <p className="mt-1 text-sm text-fg-muted">{t('guestHint')}</p>
        ) : (
          <p className="mt-1 text-sm text-fg-muted">{t('worth', { pesos: f.coinPesos(coins) })}</p>
        )}
      </div>
      {isGuest ? (
        <button type="button" className={buttonClass('primary')} onClick={() => dispatch(loginDialogOpened())}>
          {t('logInToTopUp')}
        </button>
      ) : (
        <button type="button" className={buttonClass('vip')} onClick={() => dispatch(topUpDialogOpened())}>
          <CoinIcon size={18} /> {t('topUp')}
        </button>
      )}
    </section>
  );
}
