'use client';

import { useId, useState, type FormEvent } from 'react';
import { capitalize, formatPesos } from '@/lib/format';
import { createVipPlan, deleteVipPlan, fetchVipPlans, orderVipPlans, updateVipPlan, type StudioVipPlan } from '@/lib/api/studio-admin';
import { centavosToPesoInput, parseForm, vipPlanFormSchema, type VipPlanUpdateBody } from '@/lib/validation/studio-admin';
import { Field, describedBy, inputClass } from '@/components/studio/forms/fields';
import { buttonClass } from '@/components/ui/styles';
import { ActiveSwitch, LoadStates, MoveButtons, StatusLine, cardClass, moved, runRow, useLoad, type RowStatus } from './ui';

type Values = { subscriptionType: string; price: string; lifetime: boolean; days: string };

const valuesOf = (p: StudioVipPlan): Values => ({
  subscriptionType: p.subscriptionType,
  price: centavosToPesoInput(p.priceCentavos),
  lifetime: p.validityDays === null,
  days: p.validityDays === null ? '' : String(p.validityDays),
});

/** The form's values as the schema reads them: the Lifetime box means no days. */
const formInput = (v: Values) => ({ subscriptionType: v.subscriptionType, price: v.price, validityDays: v.lifetime ? null : v.days });

/** The fields of one plan: type, price in pesos, days or lifetime. `locked`: payments name the plan, so only the price changes. */
function PlanFields({ formId, values, errors, onChange, locked }: { formId: string; values: Values; errors: Record<string, string>; onChange: (v: Values) => void; locked?: boolean }) {
  const set = (patch: Partial<Values>) => onChange({ ...values, ...patch });
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.3fr)]">
      <Field formId={formId} name="subscriptionType" label="Type" error={errors.subscriptionType}>
        <input {...describedBy(formId, 'subscriptionType', errors.subscriptionType)} className={inputClass} value={values.subscriptionType} readOnly={locked} autoComplete="off" placeholder="monthly" onChange={(e) => set({ subscriptionType: e.target.value })} />
      </Field>
      <Field formId={formId} name="price" label="Price (₱)" error={errors.price}>
        <input {...describedBy(formId, 'price', errors.price)} className={inputClass} value={values.price} inputMode="decimal" autoComplete="off" placeholder="299.00" onChange={(e) => set({ price: e.target.value })} />
      </Field>
      <Field formId={formId} name="validityDays" label="Validity (days)" error={errors.validityDays}>
        <div className="flex items-center gap-3">
          <input
            {...describedBy(formId, 'validityDays', errors.validityDays)}
            className={inputClass}
            value={values.lifetime ? '' : values.days}
            disabled={values.lifetime}
            readOnly={locked}
            inputMode="numeric"
            autoComplete="off"
            placeholder={values.lifetime ? 'Lifetime' : '30'}
            onChange={(e) => set({ days: e.target.value })}
          />
          <label className="inline-flex min-h-11 shrink-0 items-center gap-2 text-sm text-fg">
            <input type="checkbox" className="size-4 accent-kilig-500" checked={values.lifetime} disabled={locked} onChange={(e) => set({ lifetime: e.target.checked })} />
            Lifetime
          </label>
        </div>
      </Field>
    </div>
  );
}

function VipPlanRow({ plan, index, count, onChanged, onMove, busy }: { plan: StudioVipPlan; index: number; count: number; onChanged: () => void; onMove: (from: number, to: number) => void; busy: boolean }) {
  const formId = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(plan));
  const [synced, setSynced] = useState(plan.updatedAt);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<RowStatus>({ kind: 'idle' });
  const [confirmDelete, setConfirmDelete] = useState(false);
  // The server's answer is the truth: a saved row shows what was stored (e.g. 'Monthly' became 'monthly').
  if (synced !== plan.updatedAt) {
    setSynced(plan.updatedAt);
    setValues(valuesOf(plan));
  }
  const locked = plan.paymentCount > 0;
  const name = `${capitalize(plan.subscriptionType)} plan`;

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = parseForm(vipPlanFormSchema, formInput(values));
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setStatus({ kind: 'error', message: 'Check the highlighted fields.' });
      return;
    }
    setErrors({});
    const v = parsed.value;
    const body: VipPlanUpdateBody = {};
    if (v.subscriptionType !== plan.subscriptionType) body.subscriptionType = v.subscriptionType;
    if (v.price !== plan.priceCentavos) body.priceCentavos = v.price;
    if (v.validityDays !== plan.validityDays) body.validityDays = v.validityDays;
    if (Object.keys(body).length === 0) {
      setStatus({ kind: 'saved', message: 'Nothing to save.' });
      return;
    }
    if (await runRow(setStatus, () => updateVipPlan(plan.id, body), `Saved: ${formatPesos(v.price)}.`)) onChanged();
  }

  async function toggle(next: boolean) {
    if (await runRow(setStatus, () => updateVipPlan(plan.id, { isActive: next }), next ? 'Viewers see this plan again.' : 'Hidden from viewers.')) onChanged();
  }

  async function remove() {
    if (await runRow(setStatus, () => deleteVipPlan(plan.id), 'Deleted.')) onChanged();
    setConfirmDelete(false);
  }

  return (
    <li className={cardClass}>
      <form onSubmit={save} aria-label={name} noValidate>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">
            {capitalize(plan.subscriptionType)} <span className="text-sm font-normal text-fg-muted">· {formatPesos(plan.priceCentavos)}</span>
          </h3>
          <div className="flex items-center gap-2">
            <ActiveSwitch checked={plan.isActive} onChange={toggle} label={`${name} shown to viewers`} disabled={status.kind === 'busy'} />
            <MoveButtons index={index} count={count} onMove={onMove} name={name} disabled={busy} />
          </div>
        </div>
        <PlanFields formId={formId} values={values} errors={errors} onChange={setValues} locked={locked} />
        {locked ? <p className="mt-2 text-xs text-fg-muted">{plan.paymentCount} payment(s) name this plan: its type and days are fixed, and it cannot be deleted. Change the price, or deactivate it and add a new plan.</p> : null}
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

function NewVipPlan({ onCreated }: { onCreated: () => void }) {
  const formId = useId();
  const empty: Values = { subscriptionType: '', price: '', lifetime: false, days: '' };
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<RowStatus>({ kind: 'idle' });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseForm(vipPlanFormSchema, formInput(values));
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setStatus({ kind: 'error', message: 'Check the highlighted fields.' });
      return;
    }
    setErrors({});
    const v = parsed.value;
    if (await runRow(setStatus, () => createVipPlan({ subscriptionType: v.subscriptionType, priceCentavos: v.price, validityDays: v.validityDays, isActive: true }), `Added the ${v.subscriptionType} plan.`)) {
      setValues(empty);
      onCreated();
    }
  }

  return (
    <form onSubmit={submit} className={`${cardClass} border-dashed`} aria-label="Add a VIP plan" noValidate>
      <h3 className="mb-3 font-semibold">Add a VIP plan</h3>
      <PlanFields formId={formId} values={values} errors={errors} onChange={setValues} />
      <button type="submit" className={buttonClass('secondary', 'sm', 'mt-3')} disabled={status.kind === 'busy'}>
        Add plan
      </button>
      <StatusLine status={status} id={`${formId}-status`} />
    </form>
  );
}

/** VIP plans: what /subscription offers, in this order (the middle one is 'MOST POPULAR'). */
export function VipPlansSection() {
  const { state, reload, set } = useLoad(fetchVipPlans);
  const [ordering, setOrdering] = useState<RowStatus>({ kind: 'idle' });

  async function move(plans: StudioVipPlan[], from: number, to: number) {
    await runRow(setOrdering, async () => set(await orderVipPlans(moved(plans, from, to))), 'Order saved.');
  }

  return (
    <section aria-labelledby="vip-plans-heading" className="space-y-3">
      <h2 id="vip-plans-heading" className="text-xl font-semibold">
        VIP plans
      </h2>
      <p className="text-sm text-fg-muted">Shown on /subscription in this order. A new price applies to new checkouts only; pending payments keep theirs.</p>
      <LoadStates state={state} reload={reload} label="VIP plans" empty={(d) => d.length === 0}>
        {(plans) => (
          <ul className="space-y-3">
            {plans.map((p, i) => (
              <VipPlanRow key={p.id} plan={p} index={i} count={plans.length} onChanged={reload} onMove={(f, t) => move(plans, f, t)} busy={ordering.kind === 'busy'} />
            ))}
          </ul>
        )}
      </LoadStates>
      <StatusLine status={ordering} id="vip-order-status" />
      <NewVipPlan onCreated={reload} />
    </section>
  );
}
