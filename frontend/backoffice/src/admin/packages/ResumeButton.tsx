import { marginRuleOf, priceFromCost, type Locale } from '@esim/contracts';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { formatEuro } from '../../format';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';
import { useRefreshListAndFigures } from '../../providers/figures';
import { useMarginRule } from '../catalog-settings/marginRule';
import { eurosOf, priceProblem, priceText } from './prices';

/**
 * Sells a package paused for its cost again, at the price the admin gives: at or above the cost,
 * or below it once the admin ticks that they sell at a loss knowingly (the catalog asks the same).
 */
function ResumeDialog({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refresh = useRefreshListAndFigures();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { data: rule } = useMarginRule();
  const rulePrice = rule ? priceFromCost(Math.round(record.cost_price * 100), marginRuleOf(rule)) / 100 : undefined;
  const [text, setText] = useState(priceText(Math.max(record.retail_price, record.cost_price)));
  const [typed, setTyped] = useState(false);
  // The margin rule's price once it is read, unless the admin has typed one already.
  useEffect(() => {
    if (rulePrice !== undefined && !typed) setText(priceText(Math.max(record.retail_price, rulePrice)));
  }, [rulePrice, typed, record.retail_price]);
  const [atLoss, setAtLoss] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const price = eurosOf(text);
  const below = Number.isFinite(price) && price < record.cost_price;
  const problem =
    serverError ?? (text.trim() ? priceProblem(text, 'retail', locale as Locale) : translate('ra.validation.required'));
  const save = async () => {
    if (problem || (below && !atLoss)) return;
    setBusy(true);
    try {
      const { message } = await dataProvider.send(
        'POST',
        `admin/packages/${encodeURIComponent(String(record.id))}/resume`,
        { retail_price: price, allow_below_cost: below && atLoss },
      );
      notify(message || 'app.paused_packages.resumed', { type: 'success' });
      refresh();
      onClose();
    } catch (error) {
      const { message, fields } = serviceErrorOf(error);
      setServerError(fields.retail_price ?? message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="resume-title">
      <DialogTitle id="resume-title">
        {translate('app.paused_packages.resume_title', { code: record.code })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('app.paused_packages.resume_body', {
            cost: formatEuro(record.cost_price),
            price: formatEuro(record.retail_price),
          })}
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          margin="normal"
          label={translate('app.paused_packages.resume_price')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setTyped(true);
            setServerError(null);
          }}
          error={!!problem}
          helperText={
            problem ??
            (rulePrice === undefined
              ? ' '
              : translate('app.paused_packages.resume_rule', { price: formatEuro(rulePrice) }))
          }
          slotProps={{ htmlInput: { name: 'retail_price', inputMode: 'decimal' } }}
        />
        {below ? (
          <Alert severity="warning">
            <FormControlLabel
              control={<Checkbox checked={atLoss} onChange={(event) => setAtLoss(event.target.checked)} />}
              label={translate('app.paused_packages.at_loss', { cost: formatEuro(record.cost_price) })}
            />
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy || !!problem || (below && !atLoss)}>
          {translate('app.paused_packages.resume')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The "resume" action of a package paused because its cost rose above its price (a gone offer waits for the supplier). */
export function ResumeButton({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (record.paused_reason !== 'cost_above_price') return null;
  return (
    <>
      {/* On a phone the row is a link: the button's click must neither bubble to it nor follow it. */}
      <Box
        component="span"
        onClick={(event) => {
          event.stopPropagation();
          event.preventDefault();
        }}
      >
        <Button size="small" color="success" startIcon={<PlayCircleIcon />} onClick={() => setOpen(true)}>
          {translate('app.paused_packages.resume')}
        </Button>
      </Box>
      {open ? (
        <Box component="span" onClick={(event) => event.stopPropagation()}>
          <ResumeDialog record={record} onClose={() => setOpen(false)} />
        </Box>
      ) : null}
    </>
  );
}
