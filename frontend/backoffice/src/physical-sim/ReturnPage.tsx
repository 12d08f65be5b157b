import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import {
  Alert,
  Box,
  Checkbox,
  List as MuiList,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, useGetList, useTranslate, type RaRecord } from 'react-admin';
import { formatCents, formatDate } from '../format';
import { MoneyCol } from '../layout/columns';
import { ConfirmButton } from '../layout/ConfirmButton';
import { MyRequests, RequestFormCard, RequestPage, useRequestSubmit } from './requests';

/** How many of the dealer's cards the picker lists at once (the services' largest page). */
const PICK_PAGE = 100;

/** Pick returnable cards (unsold ones in the dealer's stock), give a reason, confirm; the admin decides. */
function ReturnForm() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  // Cards in the dealer's stock, newest first (the ones still inside the return window), searched by
  // serial or ICCID on the server: a dealer with more cards than one page finds any of them.
  const [search, setSearch] = useState('');
  const {
    data: inStock = [],
    total = 0,
    isPending,
    refetch,
  } = useGetList('physical-sim-cards', {
    pagination: { page: 1, perPage: PICK_PAGE },
    sort: { field: 'transferred_at', order: 'DESC' },
    filter: { status: 'assigned', ...(search.trim() ? { q: search.trim() } : {}) },
  });
  const cards = inStock.filter((card) => card.returnable);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState('');
  const { errors, submit: send } = useRequestSubmit('user/physical-sim/return', {
    sent: 'app.physical_sim.return_sent',
    fallbackField: 'reason',
  });
  const toggle = (id: string) =>
    setPicked((all) => {
      const next = new Set(all);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = async () => {
    if (!(await send({ card_ids: [...picked], reason: reason.trim() }))) return;
    setPicked(new Set());
    setReason('');
    await Promise.all([refetch(), queryClient.invalidateQueries({ queryKey: ['physical-sim-returns'] })]);
  };
  return (
    <RequestFormCard title="app.physical_sim.return_title" hint="app.physical_sim.return_hint">
      {!isPending && cards.length === 0 && !search ? (
        <Alert severity="info">{translate('app.physical_sim.no_returnable')}</Alert>
      ) : (
        <Stack spacing={2}>
          <TextField
            size="small"
            label={translate('app.physical_sim.search_cards')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            helperText={total > PICK_PAGE ? translate('app.physical_sim.more_cards_hint', { count: PICK_PAGE }) : ' '}
          />
          {!isPending && cards.length === 0 ? (
            <Typography color="text.secondary">{translate('app.physical_sim.no_card_match')}</Typography>
          ) : null}
          <MuiList dense sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {cards.map((card) => (
              <ListItem key={card.id} disablePadding>
                <ListItemButton onClick={() => toggle(String(card.id))}>
                  <ListItemIcon>
                    <Checkbox
                      edge="start"
                      checked={picked.has(String(card.id))}
                      tabIndex={-1}
                      slotProps={{ input: { 'aria-label': card.serial_number } }}
                    />
                  </ListItemIcon>
                  <ListItemText
                    primary={card.serial_number}
                    secondary={`${card.package_name} · ${translate('app.physical_sim.returnable_until')}: ${formatDate(card.returnable_until)}`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </MuiList>
          {errors.card_ids ? <Typography color="error">{errors.card_ids}</Typography> : null}
          <TextField
            label={translate('app.physical_sim.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            required
            error={!!errors.reason}
            helperText={errors.reason ?? ' '}
            name="reason"
          />
          <Box>
            <ConfirmButton
              variant="contained"
              startIcon={<KeyboardReturnIcon />}
              disabled={picked.size === 0 || reason.trim().length < 3}
              title={translate('app.physical_sim.return_confirm_title')}
              content={translate('app.physical_sim.return_confirm_body', { smart_count: picked.size })}
              onConfirm={submit}
            >
              {translate('app.physical_sim.return_submit', { smart_count: picked.size })}
            </ConfirmButton>
          </Box>
        </Stack>
      )}
    </RequestFormCard>
  );
}

function MyReturns() {
  const translate = useTranslate();
  return (
    <MyRequests
      title="app.physical_sim.returns_title"
      resource="physical-sim-returns"
      storeKey="physical-sim.returns"
      empty={{ title: 'app.physical_sim.no_returns', hint: 'app.physical_sim.no_returns_hint' }}
      phone={{
        primaryText: (r: RaRecord) =>
          `${translate('app.physical_sim.card_count')}: ${r.card_ids?.length ?? 0} · ${formatCents(r.refund_cents)}`,
        secondaryText: (r: RaRecord) => [formatDate(r.created_at), r.reason].filter(Boolean).join(' · '),
      }}
    >
      <DataTable.Col
        source="card_count"
        label="app.physical_sim.card_count"
        align="right"
        disableSort
        render={(r: RaRecord) => r.card_ids?.length ?? 0}
      />
      <DataTable.Col source="reason" label="app.physical_sim.reason" disableSort />
      <MoneyCol source="refund" label="app.physical_sim.refund" cents={(r) => r.refund_cents} />
    </MyRequests>
  );
}

export default function ReturnPage() {
  return (
    <RequestPage title="app.menu.physical_sim_return">
      <ReturnForm />
      <MyReturns />
    </RequestPage>
  );
}
