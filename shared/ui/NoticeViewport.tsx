import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useSwipeable } from 'react-swipeable';
import { Box, Button, IconButton, Paper, Snackbar, Stack, Typography } from '@mui/material';
import { CloseIcon } from './icons.tsx';
import {
  currentNoticeAtom,
  NOTICE_DEFAULT_DURATION_MS,
  NOTICE_SWIPE_THRESHOLD_PX,
  NOTICE_VIEWPORT_HOTKEY,
  type NoticeAction,
} from './notices.tsx';

const hasAltText = (action?: NoticeAction): action is NoticeAction =>
  typeof action?.altText === 'string' && action.altText.trim().length > 0;

/** Renders the current notice. Mount once, near the root, inside the jotai Provider. */
export function NoticeViewport() {
  const notice = useAtomValue(currentNoticeAtom);
  const setNotice = useSetAtom(currentNoticeAtom);
  const viewportRef = useRef<HTMLElement>(null);
  const [focused, setFocused] = useState(false);
  const [dragX, setDragX] = useState(0);

  const close = useCallback(() => {
    setDragX(0);
    setNotice((current) => (current && current.id === notice?.id ? null : current));
  }, [notice?.id, setNotice]);

  // F8 moves focus to the notices region, so keyboard users can reach a notice's buttons.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === NOTICE_VIEWPORT_HOTKEY) {
        event.preventDefault();
        viewportRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const swipe = useSwipeable({
    onSwiping: (e) => setDragX(Math.max(0, e.deltaX)),
    onSwiped: (e) => {
      if (e.dir === 'Right' && e.absX > NOTICE_SWIPE_THRESHOLD_PX) close();
      else setDragX(0);
    },
    trackMouse: true,
    preventScrollOnSwipe: true,
  });

  const destructive = notice?.variant === 'destructive';
  return (
    <Box
      component="section"
      ref={viewportRef}
      tabIndex={-1}
      aria-label={`Notifications (${NOTICE_VIEWPORT_HOTKEY})`}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      sx={{ position: 'fixed', zIndex: (t) => t.zIndex.snackbar, bottom: 0, right: 0, outline: 'none' }}
    >
      <Snackbar
        key={notice?.id}
        open={notice !== null}
        // Focus inside the viewport pauses the timer (MUI pauses on hover and window blur itself).
        autoHideDuration={focused ? null : (notice?.duration ?? NOTICE_DEFAULT_DURATION_MS)}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') close();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        disableWindowBlurListener={false}
        sx={{ width: { xs: 'calc(100% - 16px)', md: 420 }, maxWidth: { md: 420 } }}
      >
        <Paper
          {...swipe}
          role={destructive ? 'alert' : 'status'}
          aria-live={destructive ? 'assertive' : 'polite'}
          elevation={6}
          data-variant={notice?.variant ?? 'default'}
          sx={{
            width: '100%',
            p: 2,
            pr: 1,
            display: 'flex',
            gap: 1,
            alignItems: 'flex-start',
            border: 1,
            borderColor: destructive ? 'error.dark' : 'divider',
            bgcolor: destructive ? 'error.main' : 'background.paper',
            color: destructive ? 'error.contrastText' : 'text.primary',
            transform: `translateX(${dragX}px)`,
            opacity: dragX ? Math.max(0.3, 1 - dragX / 300) : 1,
            transition: dragX ? 'none' : 'transform 150ms ease, opacity 150ms ease',
            touchAction: 'pan-y',
            cursor: dragX ? 'grabbing' : undefined,
          }}
        >
          <Stack spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700 }}>
              {notice?.title}
            </Typography>
            {/* Full strength on red: faded, the text falls below 4.5:1 contrast. */}
            {notice?.description && (
              <Typography variant="body2" component="p" sx={{ opacity: destructive ? 1 : 0.9, overflowWrap: 'anywhere' }}>
                {notice.description}
              </Typography>
            )}
            {hasAltText(notice?.action) && (
              <Box>
                <Button
                  size="small"
                  variant="outlined"
                  color="inherit"
                  aria-label={notice.action.altText}
                  onClick={() => {
                    notice.action?.onClick();
                    close();
                  }}
                  sx={{ mt: 0.5 }}
                >
                  {notice.action.label}
                </Button>
              </Box>
            )}
          </Stack>
          <IconButton size="small" color="inherit" aria-label="Close notification" onClick={close}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Paper>
      </Snackbar>
    </Box>
  );
}
