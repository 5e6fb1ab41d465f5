'use client';

import { useId, useState, type FormEvent } from 'react';
import { formatPesos } from '@/lib/format';
import { createCoinPlan, deleteCoinPlan, fetchCoinPlans, orderCoinPlans, updateCoinPlan, type StudioCoinPlan } from '@/lib/api/studio-admin';
import { centavosToPesoInput, coinPlanFormSchema, parseForm, type CoinPlanUpdateBody } from '@/lib/validation/studio-admin';
import { Field, describedBy, inputClass } from '@/components/studio/forms/fields';
import { buttonClass } from '@/components/ui/styles';
import { ActiveSwitch, LoadStates, MoveButtons, StatusLine, cardClass, moved, runRow, useLoad, type RowStatus } from './ui';

type Values = { coins: string; bonusCoins: string; price: string };

const valuesOf = (p: StudioCoinPlan): Values => ({ coins: String(p.coins), bonusCoins: String(p.bonusCoins), price: centavosToPesoInput(p.priceCentavos) });
const nameOf = (p: Pick<StudioCoinPlan, 'coins' | 'bonusCoins'>) => `${p.coins.toLocaleString('en-PH')} coins${p.bonusCoins ? ` + ${p.bonusCoins.toLocaleString('en-PH')} bonus` : ''}`;

function PlanFields({ formId, values, errors, onChange, locked }: { formId: string; values: Values; errors: Record<string, string>; onChange: (v: Values) => void; locked?: boolean }) {
  const set = (patch: Partial<Values>) => onChange({ ...values, ...patch });
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field formId={formId} name="coins" label="Coins" error={errors.coins}>
        <input {...describedBy(formId, 'coins', errors.coins)} className={inputClass} value={values.coins} readOnly={locked} inputMode="numeric" autoComplete="off" placeholder="300" onChange={(e) => set({ coins: e.target.value })} />
      </Field>
      <Field formId={formId} name="bonusCoins" label="Bonus coins" error={errors.bonusCoins}>
        <input {...describedBy(formId, 'bonusCoins', errors.bonusCoins)} className={inputClass} value={values.bonusCoins} readOnly={locked} inputMode="numeric" autoComplete="off" placeholder="0" onChange={(e) => set({ bonusCoins: e.target.value })} />
      </Field>
      <Field formId={formId} name="price" label="Price (₱)" error={errors.price}>
        <input {...describedBy(formId, 'price', errors.price)} className={inputClass} value={values.price} inputMode="decimal" autoComplete="off" placeholder="149.00" onChange={(e) => set({ price: e.target.value })} />
      </Field>
    </div>
  );
}

function CoinPlanRow({ plan, index, count, onChanged, onMove, busy }: { plan: StudioCoinPlan; index: number; count: number; onChanged: () => void; onMove: (from: number, to: number) => void; busy: boolean }) {
  const formId = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(plan));
  const [synced, setSynced] = useState(plan.updatedAt);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<RowStatus>({ kind: 'idle' });
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (synced !== plan.updatedAt) {
    setSynced(plan.updatedAt);
    setValues(valuesOf(plan));
  }
  const locked = plan.paymentCount > 0;
  const name = nameOf(plan);

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = parseForm(coinPlanFormSchema, values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setStatus({ kind: 'error', message: 'Check the highlighted fields.' });
      return;
    }
    setErrors({});
    const v = parsed.value;
    const body: CoinPlanUpdateBody = {};
    if (v.coins !== plan.coins) body.coins = v.coins;
    if (v.bonusCoins !== plan.bonusCoins) body.bonusCoins = v.bonusCoins;
    if (v.price !== plan.priceCentavos) body.priceCentavos = v.price;
    if (Object.keys(body).length === 0) {
      setStatus({ kind: 'saved', message: 'Nothing to save.' });
      return;
    }
    if (await runRow(setStatus, () => updateCoinPlan(plan.id, body), `Saved: ${formatPesos(v.price)}.`)) onChanged();
  }

  async function toggle(next: boolean) {
    if (await runRow(setStatus, () => updateCoinPlan(plan.id, { isActive: next }), next ? 'Viewers see this plan again.' : 'Hidden from viewers.')) onChanged();
  }

  async function remove() {
    if (await runRow(setStatus, () => deleteCoinPlan(plan.id), 'Deleted.')) onChanged();
    setConfirmDelete(false);
  }

  return (
    <li className={cardClass}>
      <form onSubmit={save} aria-label={name} noValidate>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">
            {name} <span className="text-sm font-normal text-fg-muted">· {formatPesos(plan.priceCentavos)}</span>
          </h3>
          <div className="flex items-center gap-2">
            <ActiveSwitch checked={plan.isActive} onChange={toggle} label={`${name} shown to viewers`} disabled={status.kind === 'busy'} />
            <MoveButtons index={index} count={count} onMove={onMove} name={name} disabled={busy} />
          </div>
        </div>
        <PlanFields formId={formId} values={values} errors={errors} onChange={setValues} locked={locked} />
        {locked ? <p className="mt-2 text-xs text-fg-muted">{plan.paymentCount} payment(s) name this plan: its coins are fixed, and it cannot be deleted. Change the price, or deactivate it and add a new plan.</p> : null}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button type="submit" className={buttonClass('primary', 'sm')} disabled={status.kind === 'busy'}>
            Save
          </button>
          {!locked && !confirmDelete ? (
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setConfirmDelete(true)}>
              Delete
            </button>
          ) : null}
          {confirmDelete ? (
            <>
              <button type="button" className={buttonClass('secondary', 'sm', 'text-red-200')} onClick={remove}>
                Delete {name}
              </button>
              <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setConfirmDelete(false)}>
                Keep it
              </button>
            </>
          ) : null}
        </div>
        <StatusLine status={status} id={`${formId}-status`} />
      </form>
    </li>
  );
}

function NewCoinPlan({ onCreated }: { onCreated: () => void }) {
  const formId = useId();
  const empty: Values = { coins: '', bonusCoins: '0', price: '' };
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<RowStatus>({ kind: 'idle' });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseForm(coinPlanFormSchema, values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setStatus({ kind: 'error', message: 'Check the highlighted fields.' });
      return;
    }
    setErrors({});
    const v = parsed.value;
    if (await runRow(setStatus, () => createCoinPlan({ coins: v.coins, bonusCoins: v.bonusCoins, priceCentavos: v.price, isActive: true }), `Added ${nameOf(v)}.`)) {
      setValues(empty);
      onCreated();
    }
  }

  return (
    <form onSubmit={submit} className={`${cardClass} border-dashed`} aria-label="Add a coin plan" noValidate>
      <h3 className="mb-3 font-semibold">Add a coin plan</h3>
      <PlanFields formId={formId} values={values} errors={errors} onChange={setValues} />
      <button type="submit" className={buttonClass('secondary', 'sm', 'mt-3')} disabled={status.kind === 'busy'}>
        Add plan
      </button>
      <StatusLine status={status} id={`${formId}-status`} />
    </form>
  );
}

/** Coin plans: the top-up dialog's choices, in this order. */
export function CoinPlansSection() {
  const { state, reload, set } = useLoad(fetchCoinPlans);
  const [ordering, setOrdering] = useState<RowStatus>({ kind: 'idle' });

  async function move(plans: StudioCoinPlan[], from: number, to: number) {
    await runRow(setOrdering, async () => set(await orderCoinPlans(moved(plans, from, to))), 'Order saved.');
  }

  return (
    <section aria-labelledby="coin-plans-heading" className="space-y-3">
      <h2 id="coin-plans-heading" className="text-xl font-semibold">
        Coin plans
      </h2>
      <p className="text-sm text-fg-muted">The top-up dialog offers these in this order. Pending top-ups keep the price they were opened at.</p>
      <LoadStates state={state} reload={reload} label="coin plans" empty={(d) => d.length === 0}>
        {(plans) => (
          <ul className="space-y-3">
            {plans.map((p, i) => (
              <CoinPlanRow key={p.id} plan={p} index={i} count={plans.length} onChanged={reload} onMove={(f, t) => move(plans, f, t)} busy={ordering.kind === 'busy'} />
            ))}
          </ul>
        )}
      </LoadStates>
      <StatusLine status={ordering} id="coin-order-status" />
      <NewCoinPlan onCreated={reload} />
    </section>
  );
}
