import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import LinkIcon from '@mui/icons-material/Link';
import ShareIcon from '@mui/icons-material/Share';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { planStatusDisplay } from '@esim/contracts';
import type { CreatedInstallLink, InstallLink, InstallMailAnswer } from '@esim/contracts';
import { api, apiRequest, ApiError } from '../../api/client';
import type { EsimOrder } from '../checkout/types';
import { newIdempotencyKey } from '../checkout/checkout';
import { formatDateTime } from './dates';
import { CopyRow } from './CopyRow';

const STATE_COLORS = { active: 'success', installed: 'default', expired: 'default', revoked: 'default' } as const;

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * The order page's "install on another device": mail the install details to the buyer, or make a
 * link that opens the install page on another device until the eSIM is installed or the link expires;
 * the links made so far, revocable.
 * Shown while at least one of the order's eSIMs is ready to install.
 */
export function InstallActions({ order }: { order: EsimOrder }) {
  const { t, i18n } = useTranslation('install');
  const lng = i18n.resolvedLanguage ?? 'tr';
  const ready = order.esims.filter((esim) => planStatusDisplay(esim.status, esim.expires_at).key === 'ready');
  const [mailing, setMailing] = useState(false);
  const [linking, setLinking] = useState(false);
  const [esimId, setEsimId] = useState(ready[0]?.id ?? '');
  const [created, setCreated] = useState<CreatedInstallLink | null>(null);
  const [links, setLinks] = useState<InstallLink[]>([]);
  const base = `/user/esim/orders/${encodeURIComponent(order.id)}`;

  const loadLinks = useCallback(() => {
    api.get<InstallLink[]>(`${base}/install-links`).then(
      (list) => setLinks(Array.isArray(list) ? list : []),
      () => setLinks([]),
    );
  }, [base]);
  useEffect(loadLinks, [loadLinks]);

  if (ready.length === 0 && links.length === 0) return null;

  const sendMail = async () => {
    setMailing(true);
    try {
      // A key per press: the client's retry of one press is answered once; a new press sends again.
      await apiRequest<InstallMailAnswer>(`${base}/send-install-mail`, {
        method: 'POST',
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      toast.success(t('actions.mailSent'));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setMailing(false);
    }
  };

  const makeLink = async () => {
    setLinking(true);
    try {
      const answer = await api.post<CreatedInstallLink>(`${base}/install-links`, { esim_id: esimId || ready[0]?.id });
      setCreated(answer.data);
      loadLinks();
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setLinking(false);
    }
  };

  const revoke = async (link: InstallLink) => {
    try {
      await apiRequest<InstallLink>(`${base}/install-links/${encodeURIComponent(link.id)}`, { method: 'DELETE' });
      if (created?.id === link.id) setCreated(null);
      toast.success(t('actions.revoked'));
      loadLinks();
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const url = created ? `${window.location.origin}${created.path}` : '';
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const iccidOf = (id: string) => order.esims.find((esim) => esim.id === id)?.iccid ?? '';

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 2 }} data-testid="install-actions">
      {ready.length > 0 && (
        <>
          <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
            {t('actions.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('actions.intro')}
          </Typography>
        </>
      )}
      {ready.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2, alignItems: 'center' }}>
          <Button
            variant="outlined"
            startIcon={<EmailOutlinedIcon />}
            onClick={() => void sendMail()}
            disabled={mailing}
            sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          >
            {mailing ? t('actions.mailing') : t('actions.mail')}
          </Button>
          {ready.length > 1 && (
            <TextField
              select
              size="small"
              label={t('actions.linkFor')}
              value={esimId}
              onChange={(event) => setEsimId(event.target.value)}
              sx={{ minWidth: 240, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
            >
              {ready.map((esim) => (
                <MenuItem key={esim.id} value={esim.id}>
                  {esim.iccid}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Button
            variant="outlined"
            startIcon={<LinkIcon />}
            onClick={() => void makeLink()}
            disabled={linking}
            sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          >
            {linking ? t('actions.linking') : t('actions.link')}
          </Button>
        </Box>
      )}
      {created && (
        <Alert
          severity="success"
          icon={false}
          sx={{ mt: 2, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
          data-testid="install-link-created"
        >
          <Typography sx={{ fontWeight: 600 }}>{t('actions.newLink')}</Typography>
          <CopyRow label={t('actions.copyLink')} value={url} />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('actions.newLinkHint', { date: formatDateTime(created.expires_at, lng) })}
          </Typography>
          {canShare && (
            <Button
              size="small"
              startIcon={<ShareIcon />}
              sx={{ mt: 1 }}
              onClick={() => void navigator.share({ title: t('actions.title'), url }).catch(() => undefined)}
            >
              {t('actions.share')}
            </Button>
          )}
        </Alert>
      )}
      {links.length > 0 && (
        <Box sx={{ mt: ready.length > 0 ? 2 : 0 }}>
          <Typography variant="h3" sx={{ fontSize: ready.length > 0 ? '1rem' : '1.15rem', fontWeight: 600 }}>
            {t('actions.links')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {links.map((link) => (
              <Box
                component="li"
                key={link.id}
                data-testid="install-link"
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1,
                  py: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                <Chip size="small" label={t(`actions.states.${link.state}`)} color={STATE_COLORS[link.state]} />
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  …{iccidOf(link.esim_id).slice(-6)}
                </Typography>
                {/* On a phone the dates take a line of their own, under the chip and the revoke button. */}
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ flex: { xs: '1 1 100%', sm: '1 1 auto' }, order: { xs: 1, sm: 0 } }}
                >
                  {t('actions.until', { date: formatDateTime(link.expires_at, lng) })} ·{' '}
                  {t('actions.opened', { count: link.opened_count })}
                </Typography>
                {link.state === 'active' && (
                  <Button size="small" color="error" onClick={() => void revoke(link)} sx={{ ml: 'auto' }}>
                    {t('actions.revoke')}
                  </Button>
                )}
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
