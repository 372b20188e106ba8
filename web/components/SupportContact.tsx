import { Link as RouterLink } from '@/web/lib/navigation.tsx';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import { envOr } from '@/shared/core/config.ts';
import { DEFAULT_SUPPORT_EMAIL, SUPPORT_FAQ } from '@/shared/core/contact.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { COPIED_TEXT } from '@/shared/core/text.ts';
import { useNotify } from '@/shared/ui/notices.tsx';

/** The support address: VITE_SUPPORT_EMAIL, or the default. */
export const SUPPORT_EMAIL: string = envOr(import.meta.env.VITE_SUPPORT_EMAIL as string | undefined, DEFAULT_SUPPORT_EMAIL);

/** Copies text and says whether it worked (one toast system). */
function useCopy() {
  const notify = useNotify();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ title: COPIED_TEXT, description: text });
    } catch {
      notify({ title: 'Copy failed', description: `Please copy the address by hand: ${text}`, variant: 'destructive' });
    }
  };
}

/** The support address as a mailto link with a copy button. */
export function SupportEmail({ onNavigate }: { onNavigate?: () => void }) {
  const copy = useCopy();
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{
        alignItems: 'center',
        p: 1.5,
        pl: 2,
        borderRadius: 3,
        border: 1,
        borderColor: (t) => alpha(t.palette.primary.main, 0.25),
        bgcolor: (t) => alpha(t.palette.primary.main, 0.05),
      }}
    >
      <MailOutlineIcon color="primary" aria-hidden />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          Support e-mail
        </Typography>
        <Link
          href={`mailto:${SUPPORT_EMAIL}`}
          onClick={onNavigate}
          sx={{ fontWeight: 600, wordBreak: 'break-all' }}
          aria-label={`E-mail ${SUPPORT_EMAIL}`}
        >
          {SUPPORT_EMAIL}
        </Link>
      </Box>
      <Tooltip title="Copy address">
        <IconButton aria-label="Copy support e-mail address" onClick={() => void copy(SUPPORT_EMAIL)}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** A button to the contact form. */
export function ContactFormLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Button component={RouterLink} to={ROUTES.contact} onClick={onNavigate} variant="contained" startIcon={<SendIcon />}>
      Send us a message
    </Button>
  );
}

/** The short FAQ of /support and the support dialog. */
export function SupportFaq({ headingLevel = 'h2', idPrefix = 'faq' }: { headingLevel?: 'h2' | 'h3'; idPrefix?: string }) {
  return (
    <Box>
      {SUPPORT_FAQ.map((item, i) => (
        <Accordion
          key={item.question}
          disableGutters
          elevation={0}
          sx={{ border: 1, borderColor: 'divider', '&:not(:last-of-type)': { borderBottom: 0 }, '&::before': { display: 'none' } }}
          slotProps={{ heading: { component: headingLevel } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${idPrefix}-${i}-header`} aria-controls={`${idPrefix}-${i}-content`}>
            <Typography sx={{ fontWeight: 600 }}>{item.question}</Typography>
          </AccordionSummary>
          <AccordionDetails id={`${idPrefix}-${i}-content`}>
            <Typography variant="body2" color="text.secondary">
              {item.answer}
            </Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
