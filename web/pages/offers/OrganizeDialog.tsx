import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import type { OrganizePlan } from '@/shared/core/offers/organize.ts';

/** Organize's proposal: the categories grouped into launch phases, accepted (undoable) or discarded. */
export function OrganizeDialog({ plan, onAccept, onDiscard }: { plan: OrganizePlan | null; onAccept: () => void; onDiscard: () => void }) {
  return (
    <Dialog open={plan !== null} onClose={onDiscard} fullWidth maxWidth="sm" scroll="paper" aria-labelledby="organize-title">
      <DialogTitle id="organize-title">Proposed launch sequence</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>
          The AI grouped your categories into launch phases. Accept to put them in this order; you can undo it afterwards.
        </DialogContentText>
        <Box component="ol" aria-label="Launch phases" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 2 }}>
          {plan?.phases.map((phase) => (
            <Box component="li" key={phase.name}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                {phase.name}
              </Typography>
              {phase.why && (
                <Typography variant="body2" color="text.secondary">
                  {phase.why}
                </Typography>
              )}
              <Box component="ol" sx={{ mt: 0.5, mb: 0, pl: 2.5 }}>
                {phase.assets.map((name) => (
                  <Typography component="li" variant="body2" key={name}>
                    {name}
                  </Typography>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDiscard}>Keep current order</Button>
        <Button variant="contained" onClick={onAccept}>
          Accept order
        </Button>
      </DialogActions>
    </Dialog>
  );
}
