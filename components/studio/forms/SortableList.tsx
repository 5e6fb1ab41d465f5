'use client';

import type { ReactNode } from 'react';
import clsx from 'clsx';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

/**
 * A list the editor reorders by dragging a handle (mouse, touch, or keyboard: focus the handle, Space, arrows, Space)
 * or with Move up / Move down buttons. Answers the new order of ids; the caller saves it.
 */

export type RowControls = { index: number; count: number; moveUp: () => void; moveDown: () => void; handle: ReactNode };

export function SortableList<T extends { id: string }>({
  items,
  label,
  itemLabel,
  disabled,
  onReorder,
  children,
}: {
  items: T[];
  /** The list's accessible name. */
  label: string;
  /** How a row is named in the handle's and buttons' labels ('Episode 3'). */
  itemLabel: (item: T) => string;
  disabled?: boolean;
  onReorder: (ids: string[]) => void;
  children: (item: T, controls: RowControls) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((i) => i.id);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    onReorder(arrayMove(ids, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul aria-label={label} className="flex flex-col gap-2">
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id} name={itemLabel(item)} disabled={disabled}>
              {(handle) => children(item, { index, count: items.length, moveUp: () => move(index, index - 1), moveDown: () => move(index, index + 1), handle })}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, name, disabled, children }: { id: string; name: string; disabled?: boolean; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Drag to reorder ${name}`}
      disabled={disabled}
      className="inline-flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-xl text-fg-muted hover:bg-white/10 hover:text-fg focus-visible:outline-2 focus-visible:outline-kilig-400 active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-40"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
        <circle cx="7" cy="5" r="1.5" />
        <circle cx="13" cy="5" r="1.5" />
        <circle cx="7" cy="10" r="1.5" />
        <circle cx="13" cy="10" r="1.5" />
        <circle cx="7" cy="15" r="1.5" />
        <circle cx="13" cy="15" r="1.5" />
      </svg>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={clsx('rounded-2xl border border-white/10 bg-ink-900', isDragging && 'relative z-10 shadow-2xl ring-2 ring-kilig-400')}
    >
      {children(handle)}
    </li>
  );
}

/** Move up / Move down, for whoever does not drag. */
export function MoveButtons({ name, controls, disabled }: { name: string; controls: RowControls; disabled?: boolean }) {
  const cls = 'inline-flex size-9 items-center justify-center rounded-lg text-fg-muted hover:bg-white/10 hover:text-fg disabled:opacity-30';
  return (
    <span className="inline-flex">
      <button type="button" className={cls} aria-label={`Move up ${name}`} title="Move up" disabled={disabled || controls.index === 0} onClick={controls.moveUp}>
        <span aria-hidden="true">↑</span>
      </button>
      <button type="button" className={cls} aria-label={`Move down ${name}`} title="Move down" disabled={disabled || controls.index === controls.count - 1} onClick={controls.moveDown}>
        <span aria-hidden="true">↓</span>
      </button>
    </span>
  );
}
