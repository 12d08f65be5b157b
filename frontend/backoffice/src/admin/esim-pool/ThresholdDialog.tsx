import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';
import { FIGURES_KEY } from '../../providers/figures';

/** The largest threshold the esim service takes. */
export const MAX_THRESHOLD = 1_000_000;

/** A typed threshold as the service takes it (a whole number 0..1,000,000), or what is wrong with it. */
export function parseThreshold(text: string): number | 'empty' | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  if (!/^\d{1,7}$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  return value <= MAX_THRESHOLD ? value : 'invalid';
}

/** Sets the count under which a package's free profiles are reported as low (the home and the menu say so). */
export function ThresholdDialog({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [text, setText] = useState(String(record.threshold ?? ''));
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const parsed = parseThreshold(text);
  const problem = typeof parsed === 'number' ? null : parsed;
  const save = async () => {
    setTouched(true);
    if (typeof parsed !== 'number') return;
    setBusy(true);
    try {
      const { message } = await dataProvider.send(
        'PUT',
        `admin/esim/pool/thresholds/${encodeURIComponent(record.package_code)}`,
        { threshold: parsed },
      );
      notify(message || 'app.admin_esim_pool.threshold_saved', { type: 'success' });
      // The admin home's low-stock card reads the same figures.
      void queryClient.invalidateQueries({ queryKey: FIGURES_KEY });
      refresh();
      onClose();
    } catch (error) {
      const { message, fields } = serviceErrorOf(error);
      setServerError(fields.threshold ?? message);
    } finally {
      setBusy(false);
    }
  };
  const helper =
    serverError ??
    (touched && problem
      ? translate(`app.admin_esim_pool.threshold_${problem}`, { max: MAX_THRESHOLD.toLocaleString('de-DE') })
      : translate('app.admin_esim_pool.threshold_hint'));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="threshold-title">
      <DialogTitle id="threshold-title">
        {translate('app.admin_esim_pool.threshold_title', { code: record.package_code })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('app.admin_esim_pool.threshold_body', { available: record.available })}
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          margin="normal"
          label={translate('app.admin_esim_pool.threshold')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setServerError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void save();
          }}
          error={!!serverError || (touched && !!problem)}
          helperText={helper}
          slotProps={{ htmlInput: { inputMode: 'numeric', name: 'threshold' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
