import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import DocumentIcon from '@mui/icons-material/DescriptionOutlined';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import VideoIcon from '@mui/icons-material/OndemandVideoOutlined';
import type { ProductType } from '@/shared/core/products.ts';

const TYPE_ICONS: Record<ProductType, typeof DocumentIcon> = { document: DocumentIcon, video: VideoIcon, url: LinkIcon };

/** A product's kind as a tinted icon tile (the store card and the product page; decorative). */
export function ProductTypeIcon({ type, size }: { type: ProductType; size: 'small' | 'large' }) {
  const Icon = TYPE_ICONS[type];
  const large = size === 'large';
  return (
    <Box
      sx={{
        width: large ? 56 : 44,
        height: large ? 56 : 44,
        borderRadius: large ? 3 : 2.5,
        display: 'grid',
        placeItems: 'center',
        color: 'primary.main',
        bgcolor: (t) => alpha(t.palette.primary.main, 0.12),
        flexShrink: 0,
      }}
    >
      <Icon aria-hidden />
    </Box>
  );
}
