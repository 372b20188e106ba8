import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { DraggableSyntheticListeners } from '@dnd-kit/core';
import { Box, Card, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import DragIcon from '@mui/icons-material/DragIndicator';

/** Every card has the same height, so the virtual grid knows where each row is without measuring. */
export const CARD_HEIGHT = 220;
export const GRID_GAP = 16;

/** Draggable ids: what is dragged, and where it may be dropped. */
export type DragItem = { kind: 'folder' | 'prompt'; id: string; name: string };
export const dragId = (item: { kind: 'folder' | 'prompt'; id: string }) => `${item.kind}:${item.id}`;
/** A drop target: a folder card or a breadcrumb crumb (root: null). */
export const dropId = (folderId: string | null) => `into:${folderId ?? 'root'}`;
export const dropTarget = (id: string): string | null => (id === 'into:root' ? null : id.slice('into:'.length));

/** Raised above the card's stretched link, so it gets its own clicks. */
export const ABOVE_LINK = { position: 'relative', zIndex: 1 } as const;

/**
 * A card whose title link covers the whole card (clicking anywhere opens it) while its buttons
 * stay buttons: no button inside a link, one tab stop for the card itself.
 */
export function LinkedCard(props: {
  children: ReactNode;
  highlighted?: boolean;
  dimmed?: boolean;
  /** Folder cards are tinted, so folders and prompts tell apart at a glance. */
  tinted?: boolean;
  label: string;
  cardRef?: (element: HTMLElement | null) => void;
  dataId: string;
}) {
  return (
    <Card
      ref={props.cardRef}
      variant="outlined"
      component="article"
      aria-label={props.label}
      data-card-id={props.dataId}
      sx={{
        position: 'relative',
        height: CARD_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        p: 2,
        pb: 1.25,
        gap: 1,
        opacity: props.dimmed ? 0.45 : 1,
        bgcolor: props.tinted
          ? (theme) => alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.1 : 0.035)
          : 'background.paper',
        transition: 'border-color 120ms, box-shadow 120ms',
        borderColor: props.highlighted ? 'primary.main' : 'divider',
        outline: props.highlighted ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
        '&:hover': { borderColor: 'primary.main', boxShadow: 2 },
        '&:has(.card-link:focus-visible)': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {props.children}
    </Card>
  );
}

/** The card's title: a link stretched over the whole card. */
export function CardTitleLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Typography
      component={RouterLink}
      to={to}
      className="card-link"
      variant="subtitle1"
      sx={{
        fontWeight: 700,
        color: 'text.primary',
        textDecoration: 'none',
        minWidth: 0,
        flexGrow: 1,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        outline: 'none',
        '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
      }}
    >
      {children}
    </Typography>
  );
}

/**
 * The grip a mouse or finger drags a card by (keyboard users have "Move to…", so it is not a tab
 * stop and is hidden from assistive tech).
 */
export function DragHandle({
  setRef,
  listeners,
}: {
  setRef: (element: HTMLElement | null) => void;
  listeners: DraggableSyntheticListeners;
}) {
  return (
    <Box
      ref={setRef}
      {...listeners}
      aria-hidden
      data-drag-handle
      title="Drag onto a folder to move"
      sx={{
        ...ABOVE_LINK,
        display: 'grid',
        placeItems: 'center',
        width: 24,
        height: 32,
        ml: -1,
        cursor: 'grab',
        color: 'text.secondary',
        touchAction: 'none',
        flexShrink: 0,
      }}
    >
      <DragIcon fontSize="small" />
    </Box>
  );
}
