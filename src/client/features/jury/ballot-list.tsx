import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { Button } from '../../components/button.tsx';
import { useReducedMotion } from '../../lib/use-reduced-motion.ts';
import { FOCUS_RING } from '../admin/common/shell/admin-page.tsx';
import { thumbnailUrl } from './api/ballot.ts';

export const DRAG_INSTRUCTIONS =
  'To pick up a work, press Space or Enter. Use the up and down arrow keys to move it, then Space or Enter to drop it, or Escape to put it back. The Move up and Move down buttons move it one place.';

const ROW =
  'flex flex-wrap items-center gap-3 rounded-xl border border-gray-200 bg-white p-3 dark:border-gray-800 dark:bg-gray-900';

/** The work's place and its first image, small: the same in the ordering list and a closed one. */
function WorkLabel({ roundId, alias, place }: { roundId: string; alias: string; place: number }) {
  return (
    <>
      <span className="w-10 shrink-0 text-center text-2xl font-bold tabular-nums">{place}</span>
      <img
        src={thumbnailUrl(roundId, alias)}
        alt=""
        loading="lazy"
        className="h-16 w-16 shrink-0 rounded-lg bg-gray-200 object-cover dark:bg-gray-800"
      />
      <span className="font-semibold">Work {alias}</span>
    </>
  );
}

/** A closed round's ballot, best first: nothing on it moves. */
export function ReadOnlyBallot({ roundId, order }: { roundId: string; order: string[] }) {
  return (
    <ol aria-label="Your ranking, best first" className="flex flex-col gap-2">
      {order.map((alias, index) => (
        <li key={alias} className={ROW}>
          <WorkLabel roundId={roundId} alias={alias} place={index + 1} />
        </li>
      ))}
    </ol>
  );
}

/** Which Move button to focus once a work has moved: React may have moved its row in the DOM. */
type PendingFocus = { alias: string; button: 'up' | 'down' } | null;

/**
 * The works in the juror's order, best first. A work moves by dragging its handle (mouse, pen or
 * touch), by the handle and the keyboard (Space, arrows, Space), or by its Move up / Move down
 * buttons; the drag library reads out each step of a drag in the words below.
 */
export function BallotList({
  roundId,
  order,
  onMove,
  onDrop,
}: {
  roundId: string;
  order: string[];
  onMove: (from: number, to: number) => void;
  onDrop: (alias: string, over: string) => void;
}) {
  const reducedMotion = useReducedMotion();
  const sensors = useSensors(
    // A few pixels of travel first, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      scrollBehavior: reducedMotion ? 'auto' : 'smooth',
    }),
  );
  const pendingFocusRef = useRef<PendingFocus>(null);
  const total = order.length;
  const place = (id: UniqueIdentifier) => order.indexOf(String(id)) + 1;
  // The library reports the work over its own place as the drag starts: not news until it leaves.
  const leftPlaceRef = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      leftPlaceRef.current = false;
      return `Picked up work ${active.id}, place ${place(active.id)} of ${total}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over) return `Work ${active.id} is not over the list.`;
      if (over.id === active.id && !leftPlaceRef.current) return undefined;
      leftPlaceRef.current = true;
      return `Work ${active.id} is over place ${place(over.id)} of ${total}.`;
    },
    onDragEnd: ({ active, over }) =>
      `Work ${active.id} dropped at place ${place(over?.id ?? active.id)} of ${total}.`,
    onDragCancel: ({ active }) =>
      `Moving cancelled: work ${active.id} stays at place ${place(active.id)} of ${total}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onDrop(String(active.id), String(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
    >
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        <ol aria-label="Your ranking, best first" className="flex flex-col gap-2">
          {order.map((alias, index) => (
            <SortableWork
              key={alias}
              roundId={roundId}
              alias={alias}
              index={index}
              total={total}
              pendingFocusRef={pendingFocusRef}
              onMove={onMove}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableWork({
  roundId,
  alias,
  index,
  total,
  pendingFocusRef,
  onMove,
}: {
  roundId: string;
  alias: string;
  index: number;
  total: number;
  pendingFocusRef: RefObject<PendingFocus>;
  onMove: (from: number, to: number) => void;
}) {
  const reducedMotion = useReducedMotion();
  const sortable = useSortable({ id: alias, transition: reducedMotion ? null : undefined });
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } =
    sortable;
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);

  // After a Move, focus stays with the work: on the same button, or the other one at either end.
  useLayoutEffect(() => {
    const pending = pendingFocusRef.current;
    if (pending?.alias !== alias) return;
    pendingFocusRef.current = null;
    const wanted = pending.button === 'up' && index > 0 ? up : down;
    (index === total - 1 && pending.button === 'down' ? up : wanted).current?.focus();
  }, [alias, index, total, pendingFocusRef]);

  const move = (to: number, button: 'up' | 'down') => {
    pendingFocusRef.current = { alias, button };
    onMove(index, to);
  };
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition: reducedMotion ? undefined : (sortable.transition ?? undefined),
      }}
      className={`${ROW} ${isDragging ? 'relative z-10 shadow-lg ring-2 ring-primary' : ''}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move work ${alias}, place ${index + 1} of ${total}`}
        // The handle takes touch for dragging; the rest of the row still scrolls the page.
        className={`flex h-12 w-12 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg bg-gray-100 text-gray-900 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-50 dark:hover:bg-gray-700 ${FOCUS_RING}`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-6 w-6 fill-current">
          <circle cx="7" cy="5" r="1.6" />
          <circle cx="13" cy="5" r="1.6" />
          <circle cx="7" cy="10" r="1.6" />
          <circle cx="13" cy="10" r="1.6" />
          <circle cx="7" cy="15" r="1.6" />
          <circle cx="13" cy="15" r="1.6" />
        </svg>
      </button>
      <WorkLabel roundId={roundId} alias={alias} place={index + 1} />
      <div className="ml-auto flex gap-2">
        <Button
          ref={up}
          variant="secondary"
          disabled={index === 0}
          onClick={() => move(index - 1, 'up')}
        >
          Move up<span className="sr-only"> work {alias}</span>
        </Button>
        <Button
          ref={down}
          variant="secondary"
          disabled={index === total - 1}
          onClick={() => move(index + 1, 'down')}
        >
          Move down<span className="sr-only"> work {alias}</span>
        </Button>
      </div>
    </li>
  );
}
