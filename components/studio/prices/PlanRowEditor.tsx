'use client';

import { useId, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { Field, describedBy, inputClass } from '@/components/studio/forms/fields';
import { buttonClass } from '@/components/ui/styles';
import { ActiveSwitch, LoadStates, MoveButtons, StatusLine, cardClass, moved, runRow, useLoad, type RowStatus } from './ui';

/** What the price sections' rows and add forms share: form state, save/delete buttons, a plan's card, an ordered list. */

type Parsed<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** A price form's values, its errors by field and the status of its last action. */
function usePlanForm<V>(initial: V | (() => V)) {
  const formId = useId();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<RowStatus>({ kind: 'idle' });

  /** The parsed value, or undefined after showing the errors by field and `message`. */
  function valid<T>(parsed: Parsed<T>, message = 'Check the highlighted fields.'): T | undefined {
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setStatus({ kind: 'error', message });
      return undefined;
    }
    setErrors({});
    return parsed.value;
  }

  return { formId, values, setValues, errors, status, setStatus, valid };
}

/**
 * A saved row's form. The server's answer is the truth: when the row's `updatedAt` moves, the inputs show what was
 * stored (e.g. 'Monthly' became 'monthly'). `run` reloads the list after a call that succeeded.
 */
export function useSavedRow<P extends { updatedAt: string }, V>(row: P, valuesOf: (row: P) => V, onChanged: () => void) {
  const form = usePlanForm(() => valuesOf(row));
  const [synced, setSynced] = useState(row.updatedAt);
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (synced !== row.updatedAt) {
    setSynced(row.updatedAt);
    form.setValues(valuesOf(row));
  }

  async function run(action: () => Promise<unknown>, saved: string) {
    if (await runRow(form.setStatus, action, saved)) onChanged();
  }

  async function remove(action: () => Promise<unknown>) {
    await run(action, 'Deleted.');
    setConfirmDelete(false);
  }

  /** Sends only the fields that changed (`body`); says so when none did. */
  async function saveChanges<B extends object>(body: B, update: (body: B) => Promise<unknown>, saved: string) {
    if (Object.keys(body).length === 0) return form.setStatus({ kind: 'saved', message: 'Nothing to save.' });
    await run(() => update(body), saved);
  }

  return { ...form, run, remove, saveChanges, confirmDelete, setConfirmDelete };
}

/** What the buttons and the status line read of a saved row. */
type SavedRow = { formId: string; status: RowStatus; confirmDelete: boolean; setConfirmDelete: (on: boolean) => void };

/** Save, and Delete that asks once more (`confirmLabel`, or Keep it); no Delete while payments name the row. */
export function SaveDeleteButtons({ row, locked, confirmLabel, onDelete }: { row: SavedRow; locked: boolean; confirmLabel: string; onDelete: () => void }) {
  return (
    <>
      <button type="submit" className={buttonClass('primary', 'sm')} disabled={row.status.kind === 'busy'}>
        Save
      </button>
      {!locked && !row.confirmDelete ? (
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => row.setConfirmDelete(true)}>
          Delete
        </button>
      ) : null}
      {row.confirmDelete ? (
        <>
          <button type="button" className={buttonClass('secondary', 'sm', 'text-red-200')} onClick={onDelete}>
            {confirmLabel}
          </button>
          <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => row.setConfirmDelete(false)}>
            Keep it
          </button>
        </>
      ) : null}
    </>
  );
}

/** The price input in pesos. */
export function PriceField({ formId, value, error, placeholder, onChange }: { formId: string; value: string; error: string | undefined; placeholder?: string; onChange: (value: string) => void }) {
  return (
    <Field formId={formId} name="price" label="Price (₱)" error={error}>
      <input {...describedBy(formId, 'price', error)} className={inputClass} value={value} inputMode="decimal" autoComplete="off" placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

export type PlanRowProps<P> = { plan: P; index: number; count: number; onChanged: () => void; onMove: (from: number, to: number) => void; busy: boolean };

type PlanLike = { isActive: boolean; paymentCount: number; priceCentavos: number };

/** One plan of an ordered list (VIP or coins): heading, on/off switch, arrows, its fields, Save and Delete. */
export function PlanCard({
  row,
  plan,
  name,
  title,
  index,
  count,
  onMove,
  busy,
  onSave,
  setActive,
  onDelete,
  fixed,
  children,
}: PlanRowProps<PlanLike> & {
  row: SavedRow & { run: (action: () => Promise<unknown>, saved: string) => Promise<void> };
  name: string;
  title: ReactNode;
  onSave: (e: FormEvent) => void;
  /** Shows the plan to viewers or hides it. */
  setActive: (isActive: boolean) => Promise<unknown>;
  onDelete: () => void;
  /** What payments fix, e.g. 'its coins are fixed'. */
  fixed: string;
  children: ReactNode;
}) {
  const locked = plan.paymentCount > 0;
  const toggle = (next: boolean) => row.run(() => setActive(next), next ? 'Viewers see this plan again.' : 'Hidden from viewers.');
  return (
    <li className={cardClass}>
      <form onSubmit={onSave} aria-label={name} noValidate>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">{title}</h3>
          <div className="flex items-center gap-2">
            <ActiveSwitch checked={plan.isActive} onChange={toggle} label={`${name} shown to viewers`} disabled={row.status.kind === 'busy'} />
            <MoveButtons index={index} count={count} onMove={onMove} name={name} disabled={busy} />
          </div>
        </div>
        {children}
        {locked ? <p className="mt-2 text-xs text-fg-muted">{plan.paymentCount} payment(s) name this plan: {fixed}, and it cannot be deleted. Change the price, or deactivate it and add a new plan.</p> : null}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <SaveDeleteButtons row={row} locked={locked} confirmLabel={`Delete ${name}`} onDelete={onDelete} />
        </div>
        <StatusLine status={row.status} id={`${row.formId}-status`} />
      </form>
    </li>
  );
}

/** The props of a plan's fields; `locked`: payments name the plan, so only its price changes. */
export type PlanFieldsProps<V> = { formId: string; values: V; errors: Record<string, string>; onChange: (v: V) => void; locked?: boolean };

/** The dashed form that adds a plan: checks the fields with the API's schema, creates, then starts empty again. */
export function NewPlanForm<V, T>({
  title,
  empty,
  fields: Fields,
  parse,
  create,
  added,
  onCreated,
}: {
  title: string;
  empty: V;
  fields: ComponentType<PlanFieldsProps<V>>;
  parse: (values: V) => Parsed<T>;
  create: (value: T) => Promise<unknown>;
  /** The status line after it was added. */
  added: (value: T) => string;
  onCreated: () => void;
}) {
  const form = usePlanForm(empty);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const v = form.valid(parse(form.values));
    if (!v) return;
    if (await runRow(form.setStatus, () => create(v), added(v))) {
      form.setValues(empty);
      onCreated();
    }
  }

  return (
    <form onSubmit={submit} className={`${cardClass} border-dashed`} aria-label={title} noValidate>
      <h3 className="mb-3 font-semibold">{title}</h3>
      <Fields formId={form.formId} values={form.values} errors={form.errors} onChange={form.setValues} />
      <button type="submit" className={buttonClass('secondary', 'sm', 'mt-3')} disabled={form.status.kind === 'busy'}>
        Add plan
      </button>
      <StatusLine status={form.status} id={`${form.formId}-status`} />
    </form>
  );
}

/** Loads an ordered list of plans; the arrows save the new order and show the server's. */
export function OrderedPlanList<P extends { id: string }>({
  fetch,
  order,
  label,
  statusId,
  row: Row,
  children,
}: {
  fetch: () => Promise<P[]>;
  order: (ids: string[]) => Promise<P[]>;
  label: string;
  /** The id of the order's status line. */
  statusId: string;
  row: ComponentType<PlanRowProps<P>>;
  /** Under the list: the add form, given the list's reload. */
  children: (reload: () => void) => ReactNode;
}) {
  const { state, reload, set } = useLoad(fetch);
  const [ordering, setOrdering] = useState<RowStatus>({ kind: 'idle' });

  async function move(plans: P[], from: number, to: number) {
    await runRow(setOrdering, async () => set(await order(moved(plans, from, to))), 'Order saved.');
  }

  return (
    <>
      <LoadStates state={state} reload={reload} label={label} empty={(d) => d.length === 0}>
        {(plans) => (
          <ul className="space-y-3">
            {plans.map((p, i) => (
              <Row key={p.id} plan={p} index={i} count={plans.length} onChanged={reload} onMove={(f, t) => move(plans, f, t)} busy={ordering.kind === 'busy'} />
            ))}
          </ul>
        )}
      </LoadStates>
      <StatusLine status={ordering} id={statusId} />
      {children(reload)}
    </>
  );
}
