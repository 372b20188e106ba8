import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailReadOutlined';

/** After a sign-up: the confirmation mail is on its way (sentTo: where; null once closed). */
export function SignUpSentDialog({ sentTo, close }: { sentTo: string | null; close: () => void }) {
  return (
    <Dialog open={sentTo !== null} onClose={close} aria-labelledby="signup-done-title" maxWidth="xs" fullWidth>
      <DialogTitle id="signup-done-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <MarkEmailReadIcon color="primary" />
        Check your inbox
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          We sent a confirmation link to <strong>{sentTo}</strong>. Open it to activate your account — it signs you in and takes you to your
          dashboard.
        </DialogContentText>
        <DialogContentText sx={{ mt: 1.5 }}>
          Your login ID is this e-mail address; use the password you just chose. Didn&apos;t get the mail? Check your spam folder, or sign
          up again in a few minutes.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={close} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
