import { Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Show, useTranslate, type ShowProps } from 'react-admin';

/**
 * A record's page with no toolbar and no outer card, shared by the admin show pages so they look alike.
 * minWidth 0: a flex item otherwise grows to its widest table and the page scrolls sideways on a phone.
 */
export function ShowPage({ title, children, ...props }: Omit<ShowProps, 'title'> & { title: string }) {
  const translate = useTranslate();
  return (
    <Show
      title={translate(title)}
      actions={false}
      component="div"
      sx={{ '& .RaShow-card': { minWidth: 0 } }}
      {...props}
    >
      {children}
    </Show>
  );
}

/** A show page's heading: the record's name with its status chip (the children) beside it, shared so every page names its record alike. */
export function ShowHeading({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" alignItems="center" spacing={1} flexWrap="wrap" useFlexGap>
      <Typography variant="h6" component="h1" sx={{ mr: 1 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** One titled card of a show page; its content scrolls sideways inside the card when a table is wider than a phone. */
export function SectionCard({
  title,
  action,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined">
      <CardHeader title={title} action={action} titleTypographyProps={{ variant: 'subtitle1', component: 'h2' }} />
      <CardContent sx={{ pt: 0, overflowX: 'auto' }}>{children}</CardContent>
    </Card>
  );
}
