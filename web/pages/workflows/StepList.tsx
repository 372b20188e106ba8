import { useRef, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Box } from '@mui/material';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import type { WorkflowStep } from '@/shared/core/workflows/definition.ts';

/**
 * The steps as a sortable list (dnd-kit): drag a card by its handle, or focus the handle, press
 * Space, move with the arrow keys and press Space again. Screen readers hear each step by name.
 */
export function StepList({
  steps,
  onMove,
  children,
}: {
  steps: WorkflowStep[];
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = steps.map((s) => s.id);
  const nameOf = (id: string | number) => steps.find((s) => s.id === id)?.name ?? String(id);
  const position = (id: string | number) => BUILDER_TEXTS.position(ids.indexOf(String(id)) + 1, ids.length);
  // dnd-kit reports the card over itself right after the pick-up: stay quiet until it has moved.
  const moved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      return BUILDER_TEXTS.pickedUp(nameOf(active.id), position(active.id));
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !moved.current) return undefined;
      moved.current = true;
      return over ? BUILDER_TEXTS.movedTo(nameOf(active.id), position(over.id)) : BUILDER_TEXTS.notOver(nameOf(active.id));
    },
    onDragEnd: ({ active, over }) =>
      over ? BUILDER_TEXTS.droppedAt(nameOf(active.id), position(over.id)) : BUILDER_TEXTS.droppedWhere(nameOf(active.id)),
    onDragCancel: ({ active }) => BUILDER_TEXTS.moveCancelled(nameOf(active.id)),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Box component="ol" aria-label={BUILDER_TEXTS.stepsList} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {children}
        </Box>
      </SortableContext>
    </DndContext>
  );
}
