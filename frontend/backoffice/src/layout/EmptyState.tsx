import { Box, Button, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** An empty list says what it would hold and what to do next. */
export function EmptyState({
  title,
  hint,
  to,
  href,
  action,
}: {
  title: string;
  hint: string;
  to?: string;
  href?: string;
  action?: string;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <InboxIcon sx={{ fontSize: 56, color: 'text.disabled' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate(title)}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {translate(hint)}
      </Typography>
      {action && to ? (
        <Button component={Link} to={to} variant="contained" sx={{ mt: 2 }}>
          {translate(action)}
        </Button>
      ) : null}
      {action && href ? (
        <Button href={href} variant="contained" sx={{ mt: 2 }}>
          {translate(action)}
        </Button>
      ) : null}
    </Box>
  );
}
