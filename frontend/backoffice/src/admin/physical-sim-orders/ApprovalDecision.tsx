import { Alert, Box, Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { DecisionButtons } from '../../layout/DecisionButtons';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { useDecision } from '../../providers/useDecision';

export type ApprovalKind = 'orders' | 'returns';

/** Where the admin's stock of one package is listed: in stock, in admin hands. */
export const stockLinkOf = (packageId: string) =>
  `/admin/physical-sim-stock?filter=${encodeURIComponent(JSON.stringify({ status: 'in_stock', package_id: packageId, owner_user_id: 'admin' }))}`;

/** An order the stock cannot fill: how many cards of its package the admin holds, and the way to them. */
export function StockShortage({ available, packageId }: { available: number; packageId: string }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="warning"
      action={
        <Button
          color="inherit"
          size="small"
          component={Link}
          to={stockLinkOf(packageId)}
          onClick={(event) => event.stopPropagation()}
        >
          {translate('app.psim_approvals.see_stock')}
        </Button>
      }
    >
      {translate('app.psim_approvals.not_enough_stock', { smart_count: available })}
    </Alert>
  );
}

/**
 * Approve (after a confirmation naming what it does) or reject with a reason a pending order or
 * return; decided ones offer nothing. An order refused for stock shows the stock there is.
 */
export function ApprovalDecision({
  kind,
  record,
  summary,
  approveBody,
}: {
  kind: ApprovalKind;
  record: RaRecord;
  summary: string;
  approveBody: string;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const decide = useDecision();
  const [shortage, setShortage] = useState<number | null>(null);
  if (record.status !== 'pending') return null;
  const showShortage = async (error: unknown) => {
    const code = (error as { body?: { code?: string } }).body?.code;
    if (kind !== 'orders' || code !== 'not_enough_stock') return;
    // The exact count from the stock list (the same filter the link opens), not parsed out of the message.
    const { total } = await dataProvider.getList('admin/physical-sim-stock', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'in_stock', package_id: record.package_id, owner_user_id: 'admin' },
    });
    setShortage(total ?? 0);
  };
  return (
    // Clicks stay here: a list row would otherwise open the record.
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} onClick={(event) => event.stopPropagation()}>
      <DecisionButtons
        approve={{
          label: translate('app.psim_approvals.approve'),
          title: translate(`app.psim_approvals.approve_title_${kind}`),
          body: approveBody,
          onConfirm: () =>
            decide(
              `admin/physical-sim/${kind}/${record.id}/approve`,
              undefined,
              { message: 'app.psim_approvals.approved', type: 'success' },
              showShortage,
            ),
        }}
        reject={{
          label: translate('app.psim_approvals.reject'),
          // The reason goes to the dealer with the rejection.
          dialog: {
            title: translate(`app.psim_approvals.reject_title_${kind}`),
            body: summary,
            label: translate('app.psim_approvals.reason'),
            hint: translate('app.psim_approvals.reason_hint'),
            problemOf: (reason) => (reason.trim() === '' ? translate('app.psim_approvals.reason_required') : null),
            onSubmit: (reason) =>
              decide(
                `admin/physical-sim/${kind}/${record.id}/reject`,
                { reason },
                { message: 'app.psim_approvals.rejected', type: 'info' },
              ),
          },
        }}
      />
      {shortage !== null ? <StockShortage available={shortage} packageId={record.package_id} /> : null}
    </Box>
  );
}
