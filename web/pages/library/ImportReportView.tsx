import { Alert, Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { importReportNotice, type ImportReport } from '@/shared/core/promptLibrary/import.ts';

/** What an import did: the summary, then every skipped row with its reason. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const notice = importReportNotice(report);
  return (
    <Box component="section" aria-label="Import report" sx={{ display: 'grid', gap: 1.5 }}>
      <Alert severity={report.error ? 'error' : report.skipped.length ? 'warning' : 'success'}>
        <strong>{notice.title}.</strong> {notice.description}
      </Alert>
      {report.skipped.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            Skipped ({report.skipped.length})
          </Typography>
          <TableContainer sx={{ maxHeight: 260, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label="Skipped rows">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.skipped.map((row, index) => (
                  <TableRow key={`${row.row}-${index}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.row}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{row.name || '—'}</TableCell>
                    <TableCell>{row.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Box>
  );
}
