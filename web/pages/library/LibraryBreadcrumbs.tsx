import { Link as RouterLink } from 'react-router-dom';
import { useDroppable } from '@dnd-kit/core';
import { Box, Breadcrumbs, Link, Typography } from '@mui/material';
import HomeIcon from '@mui/icons-material/FolderSpecialOutlined';
import type { Crumb } from '@/shared/core/promptLibrary/library.ts';
import { dropId } from './cardParts.tsx';
import type { Breadcrumb } from './useBreadcrumb.ts';

/**
 * The open folder's path: the root first, each crumb a link to that folder; the
 * last one is where the user is. Crumbs are drop targets too, so a card can be dragged up a level.
 */
export function LibraryBreadcrumbs({
  path,
  linkTo,
  dragging,
}: {
  path: Breadcrumb;
  linkTo: (folderId: string | null) => string;
  dragging: boolean;
}) {
  const last = path.crumbs.length - 1;
  return (
    <Breadcrumbs
      aria-label="Folder path"
      maxItems={6}
      itemsBeforeCollapse={1}
      itemsAfterCollapse={3}
      sx={{ mb: 2, '& .MuiBreadcrumbs-ol': { rowGap: 0.5 } }}
    >
      {path.crumbs.map((crumb, index) => (
        <CrumbTarget key={crumb.id ?? 'root'} crumb={crumb} enabled={dragging && index !== last}>
          {index === 0 && <HomeIcon fontSize="small" sx={{ mr: 0.5, verticalAlign: 'text-bottom' }} aria-hidden />}
          {index === last ? (
            <Typography component="span" color="text.primary" aria-current="page" sx={{ fontWeight: 600 }}>
              {crumb.name}
            </Typography>
          ) : (
            <Link component={RouterLink} to={linkTo(crumb.id)} underline="hover" color="inherit">
              {crumb.name}
            </Link>
          )}
          {index === 0 && path.truncated && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }} title="More folders lie between (the path shows 10 at most)">
              / …
            </Typography>
          )}
        </CrumbTarget>
      ))}
    </Breadcrumbs>
  );
}

function CrumbTarget({ crumb, enabled, children }: { crumb: Crumb; enabled: boolean; children: React.ReactNode }) {
  const drop = useDroppable({ id: dropId(crumb.id), disabled: !enabled });
  return (
    <Box
      ref={drop.setNodeRef}
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        px: 0.75,
        py: 0.25,
        mx: -0.75,
        borderRadius: 1,
        outline: enabled ? '1px dashed' : 'none',
        outlineColor: drop.isOver ? 'primary.main' : 'divider',
        bgcolor: drop.isOver ? 'action.hover' : 'transparent',
      }}
    >
      {children}
    </Box>
  );
}
