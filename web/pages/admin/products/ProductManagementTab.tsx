import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Chip,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import EditIcon from '@mui/icons-material/EditOutlined';
import { formatPrice, PRODUCT_TEXTS, productDownloadsLabel } from '@/shared/core/products.ts';
import type { AdminDocument, ProductEdit } from '@/shared/data/products.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { errorMessage } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { adminQueries, useUpdateProductMutation } from '@/web/queries/admin.ts';
import type { AdminTabProps } from '../adminTabs.ts';
import { ProductEditDialog } from './ProductEditDialog.tsx';
import type { StorefrontChoice } from './storefrontSave.ts';

const productPath = (id: string) => `/product/${id}`;

/** Product Management: generated documents as digital products, edited in place. */
export function ProductManagementTab({ reloadKey }: AdminTabProps) {
  const notify = useNotify();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const queryClient = useQueryClient();
  const query = useQuery(adminQueries.products());
  const [editing, setEditing] = useState<AdminDocument | null>(null);
  const { mutateAsync: updateProduct, isPending: saving } = useUpdateProductMutation();

  // Data replaced elsewhere on the screen (a restore): read again.
  useEffect(() => {
    if (reloadKey) void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  }, [reloadKey, queryClient]);

  // A failed reading is also a toast.
  useEffect(() => {
    if (query.error) notify({ title: PRODUCT_TEXTS.fetchError, description: errorMessage(query.error), variant: 'destructive' });
  }, [query.error, notify]);

  const save = async (edit: ProductEdit, choice: StorefrontChoice) => {
    if (!editing) return;
    const saved = await updateProduct({ id: editing.id, edit, choice }).catch(() => null);
    if (saved) setEditing(null);
  };

  if (query.data === undefined) {
    return (
      <QueryState
        query={query}
        loadingLabel="Loading documents"
        loadingSx={{ display: 'grid', placeItems: 'center', py: 6 }}
        errorText={(message) => `${PRODUCT_TEXTS.fetchError}: ${message}`}
        retry={false}
      >
        {() => null}
      </QueryState>
    );
  }

  const documents = query.data;
  const forSale = documents.filter((d) => d.isDigitalProduct).length;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {documents.length} generated document{documents.length === 1 ? '' : 's'}, {forSale} for sale. Edit one to set its price, download
        limit and Stripe price id. The limit applies to the owner and to each purchase separately.
      </Typography>
      {documents.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}>
          <Typography sx={{ fontWeight: 600 }}>No generated documents yet</Typography>
          <Typography variant="body2" color="text.secondary">
            Documents made with the Document Generator appear here and can be sold as digital products.
          </Typography>
        </Box>
      ) : narrow ? (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Products">
          {documents.map((d) => (
            <Box component="li" key={d.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 3, p: 2 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{d.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {d.price === null ? 'No price' : formatPrice(d.price)} · downloads: {productDownloadsLabel(d).counts}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {productDownloadsLabel(d).limit}
                  </Typography>
                  <StatusChips document={d} />
                </Box>
                <EditButton document={d} onEdit={setEditing} />
              </Stack>
            </Box>
          ))}
        </Stack>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 3 }}>
          <Table aria-label="Products">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Price</TableCell>
                <TableCell align="right">Downloads</TableCell>
                <TableCell>Stripe price id</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {documents.map((d) => (
                <TableRow key={d.id} hover>
                  <TableCell sx={{ maxWidth: 280, wordBreak: 'break-word' }}>
                    {d.isDigitalProduct ? (
                      <Link component={RouterLink} to={productPath(d.id)}>
                        {d.name}
                      </Link>
                    ) : (
                      d.name
                    )}
                  </TableCell>
                  <TableCell>
                    <StatusChips document={d} />
                  </TableCell>
                  <TableCell align="right">{d.price === null ? '—' : formatPrice(d.price)}</TableCell>
                  <TableCell align="right">
                    <Typography variant="body2">{productDownloadsLabel(d).counts}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {productDownloadsLabel(d).limit}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'ui-monospace, monospace', fontSize: 13 }}>{d.stripePriceId ?? '—'}</TableCell>
                  <TableCell align="right">
                    <EditButton document={d} onEdit={setEditing} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <ProductEditDialog
          document={editing}
          saving={saving}
          onSave={(edit, choice) => void save(edit, choice)}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function StatusChips({ document }: { document: AdminDocument }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={document.isDigitalProduct ? 'success' : 'default'}
        label={document.isDigitalProduct ? 'For sale' : 'Not for sale'}
      />
      {document.isDigitalProduct && !document.stripePriceId && <Chip size="small" color="warning" variant="outlined" label="No price id" />}
    </Stack>
  );
}

function EditButton({ document, onEdit }: { document: AdminDocument; onEdit: (d: AdminDocument) => void }) {
  return (
    <Tooltip title="Edit product">
      <IconButton aria-label={`Edit product ${document.name}`} onClick={() => onEdit(document)}>
        <EditIcon />
      </IconButton>
    </Tooltip>
  );
}
