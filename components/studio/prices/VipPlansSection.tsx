'use client';

import type { FormEvent } from 'react';
import { capitalize, formatPesos } from '@/lib/format';
import { createVipPlan, deleteVipPlan, fetchVipPlans, orderVipPlans, updateVipPlan } from '@/lib/api/studio-admin';
import type { StudioVipPlan } from '@/lib/contracts/studio-admin';
import { centavosToPesoInput, parseForm, vipPlanFormSchema, type VipPlanUpdateBody } from '@/lib/contracts/studio-admin';
import { Field, describedBy, inputClass } from '@/components/studio/forms/fields';
import { NewPlanForm, OrderedPlanList, PlanCard, PriceField, useSavedRow, type PlanFieldsProps, type PlanRowProps } from './PlanRowEditor';

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
function PlanFields({ formId, values, errors, onChange, locked }: PlanFieldsProps<Values>) {
  const set = (patch: Partial<Values>) => onChange({ ...values, ...patch });
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.3fr)]">
      <Field formId={formId} name="subscriptionType" label="Type" error={errors.subscriptionType}>
        <input {...describedBy(formId, 'subscriptionType', errors.subscriptionType)} className={inputClass} value={values.subscriptionType} readOnly={locked} autoComplete="off" placeholder="monthly" onChange={(e) => set({ subscriptionType: e.target.value })} />
      </Field>
      <PriceField formId={formId} value={values.price} error={errors.price} placeholder="299.00" onChange={(price) => set({ price })} />
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

function VipPlanRow(props: PlanRowProps<StudioVipPlan>) {
  const { plan, onChanged } = props;
  const row = useSavedRow(plan, valuesOf, onChanged);
  const locked = plan.paymentCount > 0;
  const name = `${capitalize(plan.subscriptionType)} plan`;

  async function save(e: FormEvent) {
    e.preventDefault();
    const v = row.valid(parseForm(vipPlanFormSchema, formInput(row.values)));
    if (!v) return;
    const body: VipPlanUpdateBody = {};
    if (v.subscriptionType !== plan.subscriptionType) body.subscriptionType = v.subscriptionType;
    if (v.price !== plan.priceCentavos) body.priceCentavos = v.price;
    if (v.validityDays !== plan.validityDays) body.validityDays = v.validityDays;
    await row.saveChanges(body, (b) => updateVipPlan(plan.id, b), `Saved: ${formatPesos(v.price)}.`);
  }

  return (
    <PlanCard
      {...props}
      row={row}
      name={name}
      title={
        <>
          {capitalize(plan.subscriptionType)} <span className="text-sm font-normal text-fg-muted">· {formatPesos(plan.priceCentavos)}</span>
        </>
      }
      onSave={save}
      setActive={(isActive) => updateVipPlan(plan.id, { isActive })}
      onDelete={() => row.remove(() => deleteVipPlan(plan.id))}
      fixed="its type and days are fixed"
    >
      <PlanFields formId={row.formId} values={row.values} errors={row.errors} onChange={row.setValues} locked={locked} />
    </PlanCard>
  );
}

const EMPTY: Values = { subscriptionType: '', price: '', lifetime: false, days: '' };

/** VIP plans: what /subscription offers, in this order (the middle one is 'MOST POPULAR'). */
export function VipPlansSection() {
  return (
    <section aria-labelledby="vip-plans-heading" className="space-y-3">
      <h2 id="vip-plans-heading" className="text-xl font-semibold">
        VIP plans
      </h2>
      <p className="text-sm text-fg-muted">Shown on /subscription in this order. A new price applies to new checkouts only; pending payments keep theirs.</p>
      <OrderedPlanList fetch={fetchVipPlans} order={orderVipPlans} label="VIP plans" statusId="vip-order-status" row={VipPlanRow}>
        {(reload) => (
          <NewPlanForm
            title="Add a VIP plan"
            empty={EMPTY}
            fields={PlanFields}
            parse={(v) => parseForm(vipPlanFormSchema, formInput(v))}
            create={(v) => createVipPlan({ subscriptionType: v.subscriptionType, priceCentavos: v.price, validityDays: v.validityDays, isActive: true })}
            added={(v) => `Added the ${v.subscriptionType} plan.`}
            onCreated={reload}
          />
        )}
      </OrderedPlanList>
    </section>
  );
}
