'use client';

import { useId, useState, type FormEvent } from 'react';
import { formatPesos } from '@/lib/format';
import { createPremiumPrice, deletePremiumPrice, fetchPremiumCandidates, fetchPremiumPrices, updatePremiumPrice } from '@/lib/api/studio-admin';
import type { PremiumCandidate, StudioPremiumPrice } from '@/lib/contracts/studio-admin';
import { studioErrorMessage } from '@/lib/api/studio';
import { centavosToPesoInput, parseForm, premiumPriceFormSchema } from '@/lib/contracts/studio-admin';
import { Field, describedBy, inputClass } from '@/components/studio/forms/fields';
import { buttonClass } from '@/components/ui/styles';
import { PriceField, SaveDeleteButtons, useSavedRow } from './PlanRowEditor';
import { ActiveSwitch, LoadStates, StatusLine, cardClass, runRow, useLoad, type RowStatus } from './ui';

const PAGE_SIZE = 10;

const valuesOf = (p: StudioPremiumPrice) => ({ price: centavosToPesoInput(p.priceCentavos) });

function PriceRow({ price, onChanged }: { price: StudioPremiumPrice; onChanged: () => void }) {
  const row = useSavedRow(price, valuesOf, onChanged);
  const locked = price.paymentCount > 0;

  async function save(e: FormEvent) {
    e.preventDefault();
    const v = row.valid(parseForm(premiumPriceFormSchema, row.values), 'Check the price.');
    if (!v) return;
    const body = v.price === price.priceCentavos ? {} : { priceCentavos: v.price };
    await row.saveChanges(body, (b) => updatePremiumPrice(price.id, b), `Saved: Buy for ${formatPesos(v.price)}.`);
  }

  const toggle = (next: boolean) => row.run(() => updatePremiumPrice(price.id, { isActive: next }), next ? 'On sale again.' : 'No longer on sale.');

  return (
    <li className={cardClass}>
      <form onSubmit={save} aria-label={price.label} noValidate className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] md:items-end">
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{price.label}</h3>
          <p className="text-xs text-fg-muted">
            {formatPesos(price.priceCentavos)} · {price.paymentCount} payment(s)
          </p>
        </div>
        <PriceField formId={row.formId} value={row.values.price} error={row.errors.price} onChange={(value) => row.setValues({ price: value })} />
        <div className="flex flex-wrap items-center gap-2">
          <ActiveSwitch checked={price.isActive} onChange={toggle} label={`${price.label} on sale`} disabled={row.status.kind === 'busy'} />
          <SaveDeleteButtons row={row} locked={locked} confirmLabel="Delete price" onDelete={() => row.remove(() => deletePremiumPrice(price.id))} />
        </div>
        <div className="md:col-span-3">
          <StatusLine status={row.status} id={`${row.formId}-status`} />
        </div>
      </form>
    </li>
  );
}

/** Puts a premium video without a price on sale: find it by title, pick it, give it a price. */
function NewPremiumPrice({ onCreated }: { onCreated: () => void }) {
  const formId = useId();
  const [q, setQ] = useState('');
  const [candidates, setCandidates] = useState<PremiumCandidate[] | null>(null);
  const [videoId, setVideoId] = useState('');
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<RowStatus>({ kind: 'idle' });

  async function find() {
    setStatus({ kind: 'busy' });
    try {
      const found = await fetchPremiumCandidates(q.trim());
      setCandidates(found);
      setVideoId(found[0]?.videoId ?? '');
      setStatus({ kind: 'saved', message: found.length ? `${found.length} video(s) without a price.` : 'No premium video without a price matches.' });
    } catch (err) {
      setStatus({ kind: 'error', message: studioErrorMessage(err) });
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseForm(premiumPriceFormSchema, { price });
    const errs: Record<string, string> = parsed.ok ? {} : parsed.errors;
    if (!videoId) errs.videoId = 'Find and choose a video first.';
    setErrors(errs);
    if (!parsed.ok || !videoId) {
      setStatus({ kind: 'error', message: 'Check the highlighted fields.' });
      return;
    }
    if (await runRow(setStatus, () => createPremiumPrice({ videoId, priceCentavos: parsed.value.price, isActive: true }), `On sale for ${formatPesos(parsed.value.price)}.`)) {
      setPrice('');
      setCandidates(null);
      setVideoId('');
      onCreated();
    }
  }

  return (
    <form onSubmit={submit} className={`${cardClass} border-dashed`} aria-label="Put a premium video on sale" noValidate>
      <h3 className="mb-3 font-semibold">Put a premium video on sale</h3>
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
        <Field formId={formId} name="q" label="Find a title">
          <input
            {...describedBy(formId, 'q', undefined)}
            className={inputClass}
            type="search"
            value={q}
            placeholder="Title name"
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void find();
              }
            }}
          />
        </Field>
        <button type="button" className={buttonClass('secondary', 'sm', 'min-h-11')} onClick={find}>
          Find videos
        </button>
      </div>
      <div className="mt-3 grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Field formId={formId} name="videoId" label="Video" error={errors.videoId}>
          <select {...describedBy(formId, 'videoId', errors.videoId)} className={inputClass} value={videoId} onChange={(e) => setVideoId(e.target.value)} disabled={!candidates?.length}>
            {!candidates?.length ? <option value="">Find videos first</option> : null}
            {candidates?.map((c) => (
              <option key={c.videoId} value={c.videoId}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
        <PriceField formId={formId} value={price} error={errors.price} placeholder="49.00" onChange={setPrice} />
      </div>
      <button type="submit" className={buttonClass('secondary', 'sm', 'mt-3')} disabled={status.kind === 'busy'}>
        Put on sale
      </button>
      <StatusLine status={status} id={`${formId}-status`} />
    </form>
  );
}

/** Premium-video prices: what 'Buy for ₱X' charges for a single video. */
export function PremiumPricesSection() {
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const { state, reload } = useLoad(() => fetchPremiumPrices({ q: query.q, page: query.page, limit: PAGE_SIZE }), [query.q, query.page]);

  return (
    <section aria-labelledby="premium-prices-heading" className="space-y-3">
      <h2 id="premium-prices-heading" className="text-xl font-semibold">
        Premium video prices
      </h2>
      <p className="text-sm text-fg-muted">
        Single-video purchases (&lsquo;Buy for ₱X&rsquo;). A paid-for video&apos;s price can be changed or taken off sale, never deleted. A video on sale
        here is sold only for pesos: viewers cannot unlock it with coins (unlocks made before keep their access).
      </p>
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ q: draft.trim(), page: 1 });
        }}
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={searchId} className="text-sm font-semibold">
            Search by title
          </label>
          <input id={searchId} type="search" className={inputClass} value={draft} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <button type="submit" className={buttonClass('secondary', 'sm', 'min-h-11')}>
          Search
        </button>
      </form>
      <LoadStates state={state} reload={reload} label="premium video prices" empty={(d) => d.data.length === 0}>
        {(d) => (
          <>
            <ul className="space-y-3">
              {d.data.map((p) => (
                <PriceRow key={p.id} price={p} onChanged={reload} />
              ))}
            </ul>
            <nav aria-label="Premium prices pages" className="flex items-center justify-between gap-2 text-sm">
              <button type="button" className={buttonClass('ghost', 'sm')} disabled={query.page <= 1} onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}>
                Previous
              </button>
              <span className="text-fg-muted">
                Page {d.pagination.currentPage} of {Math.max(1, d.pagination.totalPages)}
              </span>
              <button type="button" className={buttonClass('ghost', 'sm')} disabled={query.page >= d.pagination.totalPages} onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}>
                Next
              </button>
            </nav>
          </>
        )}
      </LoadStates>
      <NewPremiumPrice onCreated={reload} />
    </section>
  );
}
