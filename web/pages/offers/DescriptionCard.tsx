import { Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import DotIcon from '@mui/icons-material/FiberManualRecord';
import OrganizeIcon from '@mui/icons-material/AccountTreeOutlined';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import type { OfferDraft } from '@/shared/core/offers/offer.ts';
import { OFFER_TEXTS } from '@/shared/core/offers/texts.ts';

/** Where the open offer stands against its saved row. */
function SaveStatus({ offer, dirty }: { offer: OfferDraft; dirty: boolean }) {
  const [label, color] =
    offer.id === null
      ? (['Not saved yet', 'warning.main'] as const)
      : dirty
        ? (['Unsaved changes', 'warning.main'] as const)
        : (['Saved', 'success.main'] as const);
  // The colour is in the dot only: coloured label text would fall below 4.5:1 contrast.
  return <Chip size="small" variant="outlined" icon={<DotIcon sx={{ '&&': { color } }} />} label={label} data-testid="save-status" />;
}

function PointList({ title, items }: { title: string; items: string[] }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
        {items.map((item) => (
          <Typography component="li" variant="body2" key={item}>
            {item}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** The offer's description: title, 'What it is', "Who it's for", 'Why they need it', 'Outcome'; Save Offer and Organize. */
export function DescriptionCard(props: {
  offer: OfferDraft;
  dirty: boolean;
  saving: boolean;
  organizing: boolean;
  organizeDisabled: boolean;
  onSave: () => void;
  onOrganize: () => void;
}) {
  const { offer } = props;
  const d = offer.framework.description;
  const labels = OFFER_TEXTS.description;
  return (
    <Card component="section" aria-labelledby="offer-description-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'flex-start' }, mb: 2 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary">
              Your offer
            </Typography>
            <Typography id="offer-description-title" variant="h5" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {offer.framework.title}
            </Typography>
            <Typography variant="subtitle1" color="text.secondary">
              {d.title}
            </Typography>
          </Box>
          <SaveStatus offer={offer} dirty={props.dirty} />
        </Stack>
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
          {labels.about}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2.5 }}>
          {d.about}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, mb: 3 }}>
          <PointList title={labels.for} items={d.for} />
          <PointList title={labels.why} items={d.why} />
          <PointList title={labels.outcome} items={d.outcome} />
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            variant="contained"
            onClick={props.onSave}
            disabled={props.saving}
            startIcon={props.saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SaveIcon />}
          >
            {props.saving ? 'Saving…' : 'Save Offer'}
          </Button>
          <Button
            variant="outlined"
            onClick={props.onOrganize}
            disabled={props.organizeDisabled}
            startIcon={props.organizing ? <CircularProgress size={16} color="inherit" aria-hidden /> : <OrganizeIcon />}
          >
            {props.organizing ? 'Organizing…' : 'Organize'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
