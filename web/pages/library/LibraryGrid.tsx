import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Box, Card, Skeleton } from '@mui/material';
import { gridColumns, gridRows } from '@/shared/core/promptLibrary/view.ts';
import { CARD_HEIGHT, GRID_GAP } from './cardParts.tsx';

export interface LibraryGridProps {
  /** Accessible name of the list. */
  label: string;
  /** How many cards the whole list has (loaded or not). */
  count: number;
  /** The card at an index, or null while it loads (a placeholder shows). */
  renderCard: (index: number) => ReactNode | null;
  /** Called with the first and last index on screen (plus a margin), to load what is missing. */
  onRange: (from: number, to: number) => void;
}

/** The grid's width, followed as the window or the sidebar changes it. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Where the grid starts on the page. What is above it (header, toolbar, breadcrumb) can wrap and
 * change height, which always changes the body's size too: measured then, not on every render
 * (a forced layout per render made large folders sluggish).
 */
function useOffsetTop(ref: React.RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const next = (ref.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setTop((current) => (Math.abs(current - next) > 0.5 ? next : current));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}

/**
 * Cards in a 1/2/3-column grid that renders only the rows near the screen
 * (@tanstack/react-virtual over the window's scroll), so a folder of 10,000 prompts scrolls as
 * smoothly as one of ten. Every card has the same height, so rows need no measuring.
 */
export function LibraryGrid({ label, count, renderCard, onRange }: LibraryGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref);
  const columns = gridColumns(width || 1);
  const rows = gridRows(count, columns);
  const offsetTop = useOffsetTop(ref);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => CARD_HEIGHT + GRID_GAP,
    overscan: 2,
    scrollMargin: offsetTop,
  });
  const items = virtualizer.getVirtualItems();
  const firstRow = items[0]?.index ?? 0;
  const lastRow = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (lastRow >= 0) onRange(firstRow * columns, (lastRow + 1) * columns - 1);
  }, [firstRow, lastRow, columns, onRange]);

  return (
    <Box
      ref={ref}
      role="list"
      aria-label={label}
      sx={{
        position: 'relative',
        height: Math.max(0, virtualizer.getTotalSize() - GRID_GAP),
        width: '100%',
        // For the frame between a resize and the new column count, cards never widen the page;
        // the margin keeps focus rings visible.
        overflow: 'clip',
        overflowClipMargin: '8px',
      }}
    >
      {items.map((row) => (
        <Box
          key={row.key}
          sx={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${row.start - offsetTop}px)`,
            display: 'grid',
            gap: `${GRID_GAP}px`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          }}
        >
          {Array.from({ length: columns }, (_, column) => {
            const index = row.index * columns + column;
            if (index >= count) return null;
            return (
              <Box key={index} role="listitem" aria-setsize={count} aria-posinset={index + 1}>
                {renderCard(index) ?? <PlaceholderCard />}
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}

function PlaceholderCard() {
  return (
    <Card
      variant="outlined"
      aria-busy="true"
      aria-label="Loading"
      sx={{ height: CARD_HEIGHT, p: 2, display: 'grid', gap: 1, alignContent: 'start' }}
    >
      <Skeleton variant="text" width="60%" height={28} />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="80%" />
    </Card>
  );
}
