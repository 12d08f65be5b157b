import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { AuthCard } from '../ui/AuthCard';
import { PasswordField } from '../ui/PasswordField';
import { Seo } from '../layout/Seo';

/** A sign-in page's frame: its title in the tab and the card, and a form the browser does not validate (the page does). */
export function AuthForm({
  title,
  subtitle,
  onSubmit,
  children,
}: {
  title: string;
  subtitle: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <>
      <Seo page={title} description={subtitle} />
      <AuthCard title={title} subtitle={subtitle}>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>{children}</Stack>
        </Box>
      </AuthCard>
    </>
  );
}

type AuthFieldProps = Omit<TextFieldProps, 'error' | 'helperText' | 'onChange' | 'value'> & {
  value: string;
  onValue: (value: string) => void;
  /** The field's error text, shown under it. */
  error?: string;
  /** A password, with the show/hide button. */
  secret?: boolean;
};

/** A required text or password field of a sign-in form, its error text under it. */
export function AuthField({ onValue, error, secret, ...props }: AuthFieldProps) {
  const Field = secret ? PasswordField : TextField;
  return (
    <Field {...props} onChange={(e) => onValue(e.target.value)} error={!!error} helperText={error} required fullWidth />
  );
}

/** The e-mail field of the sign-in and forgotten-password forms. */
export function EmailField(props: Pick<AuthFieldProps, 'value' | 'onValue' | 'disabled' | 'error'>) {
  const { t } = useTranslation('auth');
  return <AuthField label={t('login.email')} type="email" name="email" autoComplete="email" {...props} />;
}

/** A refusal in words: no connection, the service's own message (or what `pick` finds in it), else a generic one. */
export function refusalText(
  error: unknown,
  t: (key: string) => string,
  pick: (error: ApiError) => string = (refused) => refused.message,
): string {
  if (!(error instanceof ApiError)) return t('common:errors.generic');
  return error.isNetwork ? t('common:errors.networkLong') : pick(error);
}
