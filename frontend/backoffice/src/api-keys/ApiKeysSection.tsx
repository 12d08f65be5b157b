import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope, type CreatedApiKey } from '@esim/contracts';
import { formatDate } from '../format';
import { useIsPhone } from '../layout/PhoneList';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { serviceErrorOf } from '../providers/errors';
import { SecretOnceDialog } from '../layout/SecretOnceDialog';

/**
 * A dealer's API keys for the partner API: the list (cards on a phone), a create dialog that shows the new secret once
 * with a copy button, and revoking with a confirmation. `basePath` is whose keys: `user/api-keys`
 * (the dealer's own) or `admin/dealers/:id/api-keys` (an admin's for a dealer); `compact` shows the
 * cards in a narrow column too (the admin's dealer page), where the table would scroll sideways.
 */
export function ApiKeysSection({ basePath, compact = false }: { basePath: string; compact?: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const cards = useIsPhone() || compact;
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const { data, isError } = useQuery<ApiKey[]>({
    queryKey: ['api-keys', basePath],
    queryFn: () => dataProvider.read(basePath),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['api-keys', basePath] });

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          justifyContent: 'space-between',
          alignItems: { xs: 'flex-start', sm: 'center' },
          mb: 1,
          gap: 1,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {translate('app.api_keys.intro')}
        </Typography>
        <Button
          variant="contained"
          size="small"
          startIcon={<AddIcon />}
          onClick={() => setCreating(true)}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {translate('app.api_keys.create')}
        </Button>
      </Box>
      {isError ? (
        <Typography color="error">{translate('app.common.load_failed')}</Typography>
      ) : !data ? (
        <Skeleton height={120} />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.api_keys.empty')}</Typography>
      ) : cards ? (
        <Stack spacing={1} component="ul" aria-label={translate('app.api_keys.title')} sx={{ p: 0, m: 0 }}>
          {data.map((key) => (
            <Card key={key.id} variant="outlined" component="li" sx={{ listStyle: 'none' }}>
              <CardContent sx={{ pb: 1 }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                  <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                    {key.name}
                  </Typography>
                  <Chip
                    size="small"
                    color={key.status === 'active' ? 'success' : 'default'}
                    label={translate(`app.api_keys.status_${key.status}`)}
                  />
                </Box>
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {secretStart(key)}…
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, my: 1 }}>
                  {key.scopes.map((scope) => (
                    <Chip key={scope} size="small" label={translate(`app.api_keys.scope.${scope}`)} />
                  ))}
                  {key.sandbox ? <Chip size="small" color="warning" label={translate('app.api_keys.sandbox')} /> : null}
                </Box>
                <Typography variant="caption" color="text.secondary" component="p">
                  {translate('app.api_keys.created_at')}: {formatDate(key.created_at)}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {translate('app.api_keys.last_used')}:{' '}
                  {key.last_used_at
                    ? `${formatDate(key.last_used_at)}${key.last_used_ip ? ` · ${key.last_used_ip}` : ''}`
                    : translate('app.api_keys.never_used')}
                </Typography>
                {key.status === 'active' ? (
                  <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                    <Button size="small" color="error" onClick={() => setRevoking(key)}>
                      {translate('app.api_keys.revoke')}
                    </Button>
                  </Box>
                ) : null}
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('app.api_keys.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.api_keys.name')}</TableCell>
                <TableCell>{translate('app.api_keys.prefix')}</TableCell>
                <TableCell>{translate('app.api_keys.scopes')}</TableCell>
                <TableCell>{translate('app.api_keys.created_at')}</TableCell>
                <TableCell>{translate('app.api_keys.last_used')}</TableCell>
                <TableCell>{translate('app.api_keys.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((key) => (
                <TableRow key={key.id}>
                  <TableCell>{key.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{secretStart(key)}…</TableCell>
                  <TableCell>
                    {key.scopes.map((scope) => (
                      <Chip
                        key={scope}
                        size="small"
                        sx={{ mr: 0.5 }}
                        label={translate(`app.api_keys.scope.${scope}`)}
                      />
                    ))}
                    {key.sandbox ? (
                      <Chip size="small" color="warning" label={translate('app.api_keys.sandbox')} />
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(key.created_at)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {key.last_used_at
                      ? `${formatDate(key.last_used_at)}${key.last_used_ip ? ` · ${key.last_used_ip}` : ''}`
                      : translate('app.api_keys.never_used')}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={key.status === 'active' ? 'success' : 'default'}
                      label={translate(`app.api_keys.status_${key.status}`)}
                    />
                  </TableCell>
                  <TableCell align="right">
                    {key.status === 'active' ? (
                      <Button size="small" color="error" onClick={() => setRevoking(key)}>
                        {translate('app.api_keys.revoke')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {creating ? (
        <CreateKeyDialog
          basePath={basePath}
          onClose={() => {
            setCreating(false);
            void refresh();
          }}
        />
      ) : null}
      {revoking ? (
        <RevokeKeyDialog
          basePath={basePath}
          apiKey={revoking}
          onClose={() => {
            setRevoking(null);
            void refresh();
          }}
        />
      ) : null}
    </Box>
  );
}

/** What a key's secret starts with, as the list shows it: a sandbox key's says so. */
const secretStart = (key: ApiKey) => `${key.sandbox ? 'esk_test_' : 'esk_live_'}${key.prefix}`;

function CreateKeyDialog({ basePath, onClose }: { basePath: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [sandbox, setSandbox] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  // One key per opened dialog: a double click or a retry after a timeout makes one key, not two.
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const toggle = (scope: ApiKeyScope) =>
    setScopes((current) => (current.includes(scope) ? current.filter((s) => s !== scope) : [...current, scope]));

  const submit = async () => {
    setBusy(true);
    setFieldErrors({});
    try {
      const { data } = await dataProvider.send<CreatedApiKey>(
        'POST',
        basePath,
        { name, scopes, ...(sandbox ? { sandbox: true } : {}) },
        { idempotencyKey },
      );
      setCreated(data);
    } catch (error) {
      const { message, fields } = serviceErrorOf(error);
      // `scopes.0` and `scopes` are both the scopes' field in the form.
      const byField = Object.fromEntries(Object.entries(fields).map(([path, text]) => [path.split('.')[0]!, text]));
      if (Object.keys(byField).length > 0) setFieldErrors(byField);
      else notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <SecretOnceDialog
        id="api-key-created-title"
        title={translate('app.api_keys.created_title')}
        secret={created.secret}
        texts="app.api_keys"
        onClose={onClose}
      />
    );
  }

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="api-key-create-title">
      <DialogTitle id="api-key-create-title">{translate('app.api_keys.create')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={translate('app.api_keys.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(fieldErrors.name)}
          helperText={fieldErrors.name ?? translate('app.api_keys.name_hint')}
        />
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('app.api_keys.scopes')}
        </Typography>
        <FormGroup>
          {API_KEY_SCOPES.map((scope) => (
            <FormControlLabel
              key={scope}
              control={<Checkbox checked={scopes.includes(scope)} onChange={() => toggle(scope)} />}
              label={translate(`app.api_keys.scope_hint.${scope}`)}
            />
          ))}
        </FormGroup>
        {fieldErrors.scopes ? <FormHelperText error>{fieldErrors.scopes}</FormHelperText> : null}
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={sandbox} onChange={() => setSandbox((value) => !value)} />}
          label={translate('app.api_keys.sandbox_hint')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {translate('app.api_keys.create_submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RevokeKeyDialog({ basePath, apiKey, onClose }: { basePath: string; apiKey: ApiKey; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [busy, setBusy] = useState(false);
  const revoke = async () => {
    setBusy(true);
    try {
      await dataProvider.send('DELETE', `${basePath}/${encodeURIComponent(apiKey.id)}`);
      notify('app.api_keys.revoked', { type: 'success' });
      onClose();
    } catch (error) {
      notify(serviceErrorOf(error).message, { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="api-key-revoke-title">
      <DialogTitle id="api-key-revoke-title">{translate('app.api_keys.revoke_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('app.api_keys.revoke_confirm', { name: apiKey.name, prefix: apiKey.prefix })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={revoke} disabled={busy}>
          {translate('app.api_keys.revoke')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
