'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import clsx from 'clsx';
import { useTranslations } from 'next-intl';
import { AUTO_UNLOCK_CAP_MAX, AUTO_UNLOCK_DEFAULT_CAP, type AutoUnlockCapKind } from '@/lib/constants';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectIsGuest } from '@/store/auth/selectors';
import { fetchAutoUnlock, saveAutoUnlock } from '@/store/coins/thunks';
import { selectAutoUnlock, selectAutoUnlockError, selectAutoUnlockSaving, selectAutoUnlockStatus } from '@/store/coins/selectors';
import { buttonClass } from '@/components/ui/styles';
import { useCoinFormat } from './use-coin-format';

/**
 * Auto-unlock of the next episode (issue 11): off by default; turning it on asks for a daily cap (episodes or coins),
 * which the server enforces. The wallet shows it in full; the locked panel has a compact toggle.
 */
export function AutoUnlockSettings({ compact = false }: { compact?: boolean }) {
  const dispatch = useAppDispatch();
  const t = useTranslations('coins.autoUnlock');
  const f = useCoinFormat();
  const isGuest = useAppSelector(selectIsGuest);
  const settings = useAppSelector(selectAutoUnlock);
  const status = useAppSelector(selectAutoUnlockStatus);
  const saving = useAppSelector(selectAutoUnlockSaving);
  const error = useAppSelector(selectAutoUnlockError);
  const [editing, setEditing] = useState(false);
  const [kind, setKind] = useState<AutoUnlockCapKind>(AUTO_UNLOCK_DEFAULT_CAP.kind);
  const [value, setValue] = useState(String(AUTO_UNLOCK_DEFAULT_CAP.value));
  const id = useId();

  useEffect(() => {
    if (!isGuest && status === 'idle') void dispatch(fetchAutoUnlock());
  }, [dispatch, isGuest, status]);

  if (isGuest) return null;

  const enabled = settings?.enabled ?? false;
  const max = AUTO_UNLOCK_CAP_MAX[kind];
  const n = Number(value);
  const valid = Number.isInteger(n) && n >= 1 && n <= max;

  const startEditing = () => {
    setKind(settings?.capKind ?? AUTO_UNLOCK_DEFAULT_CAP.kind);
    setValue(String(settings?.capValue ?? AUTO_UNLOCK_DEFAULT_CAP.value));
    setEditing(true);
  };

  const toggle = () => {
    if (saving) return;
    if (enabled) {
      setEditing(false);
      void dispatch(saveAutoUnlock({ enabled: false, capKind: settings!.capKind, capValue: settings!.capValue }));
    } else if (editing) setEditing(false);
    else startEditing();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || saving) return;
    const result = await dispatch(saveAutoUnlock({ enabled: true, capKind: kind, capValue: n }));
    if (saveAutoUnlock.fulfilled.match(result)) setEditing(false);
  };

  const used = settings?.usedToday;
  const capText = (capKind: AutoUnlockCapKind, n: number) => (capKind === 'episodes' ? t('episodes', { count: n }) : f.coins(n));
  const hint =
    enabled && settings
      ? used
        ? t('onUsed', { cap: capText(settings.capKind, settings.capValue), episodes: capText('episodes', used.episodes), coins: capText('coins', used.coins) })
        : t('on', { cap: capText(settings.capKind, settings.capValue) })
      : t('off');
  return (
    <div
      data-testid={compact ? 'auto-unlock-toggle' : 'auto-unlock-settings'}
      className={clsx(compact ? 'relative w-full rounded-2xl bg-black/40 p-3 text-left text-sm' : 'space-y-3')}
    >
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p id={`${id}-label`} className={clsx('font-semibold', compact ? 'text-white' : 'text-fg')}>
            {t('label')}
          </p>
          <p id={`${id}-hint`} className={clsx('text-xs', compact ? 'text-white/60' : 'text-fg-muted')}>
            {hint}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          disabled={saving || status === 'pending'}
          onClick={toggle}
          className={clsx(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-50',
            enabled ? 'bg-gold-400' : 'bg-white/20',
          )}
        >
          <span aria-hidden="true" className={clsx('inline-block size-5 rounded-full bg-white shadow transition-transform', enabled ? 'translate-x-6' : 'translate-x-1')} />
        </button>
      </div>
      {enabled && !editing ? (
        <button type="button" onClick={startEditing} className={clsx('mt-1 text-xs font-semibold underline-offset-2 hover:underline', compact ? 'text-gold-200' : 'text-gold-300')}>
          {t('change')}
        </button>
      ) : null}
      {editing ? (
        <form onSubmit={submit} className="mt-2 space-y-2" aria-label={t('formLabel')}>
          <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
            <legend className={clsx('mb-1 text-xs', compact ? 'text-white/70' : 'text-fg-muted')}>{t('dailyCap')}</legend>
            {(['episodes', 'coins'] as const).map((k) => (
              <label key={k} className="inline-flex items-center gap-1.5 text-sm">
                <input type="radio" name={`${id}-kind`} value={k} checked={kind === k} onChange={() => setKind(k)} className="accent-gold-400" />
                {k === 'episodes' ? t('episodesPerDay') : t('coinsPerDay')}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-xs">
              <span className={compact ? 'text-white/70' : 'text-fg-muted'}>{t(kind === 'episodes' ? 'episodesRange' : 'coinsRange', { max })}</span>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={max}
                step={1}
                value={value}
                aria-invalid={!valid}
                onChange={(e) => setValue(e.target.value)}
                className="h-10 w-28 rounded-xl border border-white/10 bg-ink-950/60 px-3 text-sm text-fg focus:border-gold-400 focus:outline-none [color-scheme:dark]"
              />
            </label>
            <button type="submit" disabled={!valid || saving} className={buttonClass('vip', 'sm')}>
              {saving ? t('saving') : enabled ? t('save') : t('turnOn')}
            </button>
            <button type="button" onClick={() => setEditing(false)} className={buttonClass('ghost', 'sm')}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : null}
      {error && !compact ? (
        <p role="alert" className="text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
