'use client';

import type { FormEvent } from 'react';
import { formatPesos } from '@/lib/format';
import { createCoinPlan, deleteCoinPlan, fetchCoinPlans, orderCoinPlans, updateCoinPlan } from '@/lib/api/studio-admin';
import type { StudioCoinPlan } from '@/lib/contracts/studio-admin';
import { centavosToPesoInput, coinPlanFormSchema, parseForm, type CoinPlanUpdateBody } from '@/lib/contracts/studio-admin';
import { Field, describedBy, inputClass } from '@/components/studio/forms/fields';
import { NewPlanForm, OrderedPlanList, PlanCard, PriceField, useSavedRow, type PlanFieldsProps, type PlanRowProps } from './PlanRowEditor';

type Values = { coins: string; bonusCoins: string; price: string };

const valuesOf = (p: StudioCoinPlan): Values => ({ coins: String(p.coins), bonusCoins: String(p.bonusCoins), price: centavosToPesoInput(p.priceCentavos) });
const nameOf = (p: Pick<StudioCoinPlan, 'coins' | 'bonusCoins'>) => `${p.coins.toLocaleString('en-PH')} coins${p.bonusCoins ? ` + ${p.bonusCoins.toLocaleString('en-PH')} bonus` : ''}`;

function PlanFields({ formId, values, errors, onChange, locked }: PlanFieldsProps<Values>) {
  const set = (patch: Partial<Values>) => onChange({ ...values, ...patch });
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field formId={formId} name="coins" label="Coins" error={errors.coins}>
        <input {...describedBy(formId, 'coins', errors.coins)} className={inputClass} value={values.coins} readOnly={locked} inputMode="numeric" autoComplete="off" placeholder="300" onChange={(e) => set({ coins: e.target.value })} />
      </Field>
      <Field formId={formId} name="bonusCoins" label="Bonus coins" error={errors.bonusCoins}>
        <input {...describedBy(formId, 'bonusCoins', errors.bonusCoins)} className={inputClass} value={values.bonusCoins} readOnly={locked} inputMode="numeric" autoComplete="off" placeholder="0" onChange={(e) => set({ bonusCoins: e.target.value })} />
      </Field>
      <PriceField formId={formId} value={values.price} error={errors.price} placeholder="149.00" onChange={(price) => set({ price })} />
    </div>
  );
}

function CoinPlanRow(props: PlanRowProps<StudioCoinPlan>) {
  const { plan, onChanged } = props;
  const row = useSavedRow(plan, valuesOf, onChanged);
  const locked = plan.paymentCount > 0;
  const name = nameOf(plan);

  async function save(e: FormEvent) {
    e.preventDefault();
    const v = row.valid(parseForm(coinPlanFormSchema, row.values));
    if (!v) return;
    const body: CoinPlanUpdateBody = {};
    if (v.coins !== plan.coins) body.coins = v.coins;
    if (v.bonusCoins !== plan.bonusCoins) body.bonusCoins = v.bonusCoins;
    if (v.price !== plan.priceCentavos) body.priceCentavos = v.price;
    await row.saveChanges(body, (b) => updateCoinPlan(plan.id, b), `Saved: ${formatPesos(v.price)}.`);
  }

  return (
    <PlanCard
      {...props}
      row={row}
      name={name}
      title={
        <>
          {name} <span className="text-sm font-normal text-fg-muted">· {formatPesos(plan.priceCentavos)}</span>
        </>
      }
      onSave={save}
      setActive={(isActive) => updateCoinPlan(plan.id, { isActive })}
      onDelete={() => row.remove(() => deleteCoinPlan(plan.id))}
      fixed="its coins are fixed"
    >
      <PlanFields formId={row.formId} values={row.values} errors={row.errors} onChange={row.setValues} locked={locked} />
    </PlanCard>
  );
}

const EMPTY: Values = { coins: '', bonusCoins: '0', price: '' };

/** Coin plans: the top-up dialog's choices, in this order. */
export function CoinPlansSection() {
  return (
    <section aria-labelledby="coin-plans-heading" className="space-y-3">
      <h2 id="coin-plans-heading" className="text-xl font-semibold">
        Coin plans
      </h2>
      <p className="text-sm text-fg-muted">The top-up dialog offers these in this order. Pending top-ups keep the price they were opened at.</p>
      <OrderedPlanList fetch={fetchCoinPlans} order={orderCoinPlans} label="coin plans" statusId="coin-order-status" row={CoinPlanRow}>
        {(reload) => (
          <NewPlanForm
            title="Add a coin plan"
            empty={EMPTY}
            fields={PlanFields}
            parse={(v) => parseForm(coinPlanFormSchema, v)}
            create={(v) => createCoinPlan({ coins: v.coins, bonusCoins: v.bonusCoins, priceCentavos: v.price, isActive: true })}
            added={(v) => `Added ${nameOf(v)}.`}
            onCreated={reload}
          />
        )}
      </OrderedPlanList>
    </section>
  );
}
