import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import type { BulkDecisionResult } from '@esim/contracts';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { formatCents } from '../format';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { useRefreshListAndFigures } from '../providers/figures';
import { ConfirmButton } from './ConfirmButton';
import { ReasonDialog } from './ReasonDialog';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What a bulk decision did, in one line: "2 onaylandı, 1 yapılamadı". */
export function bulkSummary(result: BulkDecisionResult, approve: boolean, translate: Translate): string {
  return [
    [approve ? 'app.reconciliation.approved' : 'app.reconciliation.rejected', result.decided],
    ['app.reconciliation.already', result.already],
    ['app.reconciliation.refused', result.refused],
  ]
    .filter(([, count]) => Number(count) > 0)
    .map(([key, count]) => translate(String(key), { smart_count: count }))
    .join(', ');
}

/**
 * Approve, or reject with one reason, the selected requests of a list (bank deposits, Plus orders,
 * returns): the service decides each by its single rule and answers per request, shown here by the
 * request's own name (reference code, order number) with the service's words for what could not be done.
 */
export function BulkDecisionButtons({
  path,
  approveAction,
  amountOf,
  labelOf,
  approveExcluded,
}: {
  /** The list's route: `${path}/${approveAction}` and `${path}/bulk-reject` decide the selection. */
  path: string;
  approveAction: 'bulk-confirm' | 'bulk-approve';
  amountOf: (record: RaRecord) => number;
  labelOf: (record: RaRecord) => string;
  /** Requests the bulk approval refuses (a big deposit needs its amount typed again, alone): said before it runs. */
  approveExcluded?: (record: RaRecord) => boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const afterDecision = useRefreshListAndFigures();
  const { data, selectedIds, onUnselectItems } = useListContext();
  const [rejecting, setRejecting] = useState(false);
  const [outcome, setOutcome] = useState<{
    result: BulkDecisionResult;
    approve: boolean;
    labels: Map<string, string>;
  } | null>(null);
  const ids = selectedIds.map(String);
  const selected = (data ?? []).filter((record: RaRecord) => ids.includes(String(record.id)));
  const labels = new Map(selected.map((record: RaRecord) => [String(record.id), labelOf(record)]));
  const counts = {
    smart_count: ids.length,
    total: formatCents(selected.reduce((sum: number, record: RaRecord) => sum + amountOf(record), 0)),
  };
  const excluded = approveExcluded ? selected.filter(approveExcluded).length : 0;
  // Deposits are confirmed (as on their rows), orders and returns approved.
  const approveKey = approveAction === 'bulk-confirm' ? 'confirm' : 'approve';

  const decide = async (approve: boolean, reason?: string): Promise<boolean> => {
    try {
      const action = approve ? approveAction : 'bulk-reject';
      const { data: result } = await dataProvider.send<BulkDecisionResult>('POST', `${path}/${action}`, {
        ids,
        ...(reason === undefined ? {} : { reason }),
      });
      notify(bulkSummary(result, approve, translate), { type: result.refused ? 'warning' : 'success' });
      afterDecision();
      // Every request decided as asked says it all in the notice; anything else is listed, request by request
      // (the selection stays until the list is closed: these buttons live only while something is selected).
      if (result.refused || result.already) setOutcome({ result, approve, labels });
      else onUnselectItems();
      return true;
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return false;
    }
  };

  const closeOutcome = () => {
    setOutcome(null);
    onUnselectItems();
  };

  return (
    <>
      <ConfirmButton
        size="small"
        color="success"
        startIcon={<CheckIcon />}
        title={translate(`app.reconciliation.${approveKey}_title`, counts)}
        // The big deposits the bulk leaves out are named before it runs, not only in its results.
        content={[
          translate('app.reconciliation.body', counts),
          excluded > 0 ? translate('app.reconciliation.retype_excluded', { smart_count: excluded }) : '',
        ]
          .filter(Boolean)
          .join(' ')}
        onConfirm={() => decide(true)}
      >
        {translate(`app.reconciliation.${approveKey}`)}
      </ConfirmButton>
      <Button size="small" color="error" startIcon={<CloseIcon />} onClick={() => setRejecting(true)}>
        {translate('app.reconciliation.reject')}
      </Button>
      {rejecting ? (
        <ReasonDialog
          title={translate('app.reconciliation.reject_title', counts)}
          body={translate('app.reconciliation.body', counts)}
          label={translate('app.reconciliation.reason')}
          problemOf={(reason) => (reason.trim() === '' ? translate('app.reconciliation.reason_required') : null)}
          action={{ label: translate('app.reconciliation.reject'), icon: <CloseIcon /> }}
          onSubmit={(reason) => decide(false, reason)}
          onClose={() => setRejecting(false)}
        />
      ) : null}
      {outcome ? (
        <Dialog open onClose={closeOutcome} fullWidth maxWidth="sm" aria-labelledby="bulk-outcome-title">
          <DialogTitle id="bulk-outcome-title">{translate('app.reconciliation.results_title')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{bulkSummary(outcome.result, outcome.approve, translate)}</DialogContentText>
            <List dense>
              {outcome.result.results.map((row) => (
                <ListItem key={row.id} disableGutters>
                  <ListItemText primary={outcome.labels.get(row.id) ?? row.id} secondary={row.message} />
                </ListItem>
              ))}
            </List>
          </DialogContent>
          <DialogActions>
            <Button onClick={closeOutcome}>{translate('ra.action.close')}</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
