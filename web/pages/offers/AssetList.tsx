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
import { useRef, type ReactNode } from 'react';
import type { OfferAsset } from '@/shared/core/offers/offer.ts';

/**
 * The categories as a sortable list (dnd-kit): drag a row by its handle, or focus the handle,
 * press Space, move with the arrow keys and press Space again. Screen readers hear each step.
 */
export function AssetList({
  assets,
  onMove,
  renderRow,
}: {
  assets: OfferAsset[];
  onMove: (from: number, to: number) => void;
  renderRow: (asset: OfferAsset) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const names = assets.map((a) => a.name);
  const position = (id: string | number) => `position ${names.indexOf(String(id)) + 1} of ${names.length}`;
  // dnd-kit reports the row over itself right after the pick-up: stay quiet until it has moved.
  const moved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      return `Picked up ${active.id}, ${position(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !moved.current) return undefined;
      moved.current = true;
      return over ? `${active.id} moved to ${position(over.id)}.` : `${active.id} is not over a place in the list.`;
    },
    onDragEnd: ({ active, over }) => (over ? `${active.id} dropped at ${position(over.id)}.` : `${active.id} dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${active.id} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(names.indexOf(String(active.id)), names.indexOf(String(over.id)));
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
      <SortableContext items={names} strategy={verticalListSortingStrategy}>
        <Box component="ul" aria-label="Offer categories" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {assets.map(renderRow)}
        </Box>
      </SortableContext>
    </DndContext>
  );
}
