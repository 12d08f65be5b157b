import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useDataProvider, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { ConfirmButton } from '../../layout/ConfirmButton';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';

const TEXTS = { 'admin/dealers': 'app.admin_dealers', 'admin/sales-managers': 'app.admin_sm' } as const;

/** Suspends an active dealer or sales manager (their sessions end) or activates a suspended one, after asking. */
export function StatusToggle({
  record,
  resource = 'admin/dealers',
}: {
  record: RaRecord;
  resource?: keyof typeof TEXTS;
}) {
  const texts = TEXTS[resource];
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const next = record.status === 'active' ? 'suspended' : 'active';
  const name = record.company_name || record.full_name;
  const change = async () => {
    try {
      const { message } = await dataProvider.send(
        'PUT',
        `${resource}/${encodeURIComponent(String(record.id))}/status`,
        { status: next },
      );
      notify(message || `${texts}.status_changed`, { type: 'success' });
      refresh();
    } catch (err) {
      notify(serviceErrorOf(err).message, { type: 'error' });
    }
  };
  return (
    <ConfirmButton
      size="small"
      color={next === 'suspended' ? 'warning' : 'success'}
      startIcon={next === 'suspended' ? <BlockIcon /> : <CheckCircleIcon />}
      title={translate(`${texts}.${next === 'suspended' ? 'suspend_title' : 'activate_title'}`, { name })}
      content={translate(`${texts}.${next === 'suspended' ? 'suspend_body' : 'activate_body'}`, { name })}
      onConfirm={change}
    >
      {translate(next === 'suspended' ? 'app.admin_dealers.suspend' : 'app.admin_dealers.activate')}
    </ConfirmButton>
  );
}
