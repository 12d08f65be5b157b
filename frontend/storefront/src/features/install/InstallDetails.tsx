import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AppleIcon from '@mui/icons-material/Apple';
import { useTranslation } from 'react-i18next';
import type { InstallPage } from '@esim/contracts';
import { CopyRow } from './CopyRow';
import type { InstallPlatform } from './platform';

type Install = NonNullable<InstallPage['install']>;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 2 }} data-testid={testId}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function OneTap({ install }: { install: Install }) {
  const { t } = useTranslation('install');
  return (
    <Section title={t('page.ios.title')} testId="install-ios">
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('page.ios.body')}
      </Typography>
      <Button
        variant="contained"
        size="large"
        startIcon={<AppleIcon />}
        href={install.ios_install_url}
        rel="noopener noreferrer"
        sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}
      >
        {t('page.ios.button')}
      </Button>
    </Section>
  );
}

/** The manual entry: Android's steps on Android, iPhone's on an iPhone, both elsewhere; the codes with copy buttons. */
function Manual({ install, platform }: { install: Install; platform: InstallPlatform }) {
  const { t } = useTranslation('install');
  return (
    <Section title={platform === 'ios' ? t('page.manual.iosTitle') : t('page.manual.title')} testId="install-manual">
      {platform === 'ios' ? (
        <Typography variant="body2" sx={{ my: 1 }}>
          {t('page.manual.iosSteps')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ pl: 2.5, my: 1 }}>
          {(t('page.manual.steps', { returnObjects: true }) as string[]).map((step) => (
            <Typography component="li" key={step} variant="body2" sx={{ mb: 0.5 }}>
              {step}
            </Typography>
          ))}
        </Box>
      )}
      {platform === 'other' && (
        <Typography variant="body2" color="text.secondary">
          {t('page.manual.iosSteps')}
        </Typography>
      )}
      <CopyRow label={t('page.smdp')} value={install.smdp_address} />
      <CopyRow label={t('page.activationCode')} value={install.matching_id} />
      <CopyRow label={t('page.lpa')} value={install.activation_code} />
    </Section>
  );
}

function Qr({ install, iccid }: { install: Install; iccid: string }) {
  const { t } = useTranslation('install');
  return (
    <Section title={t('page.qr.title')} testId="install-qr">
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('page.qr.body')}
      </Typography>
      <Box
        component="img"
        src={install.qr_data_url}
        alt={t('page.qr.alt', { iccid })}
        width={240}
        height={240}
        sx={{ display: 'block', mt: 2, bgcolor: '#fff', p: 1, borderRadius: 1 }}
      />
    </Section>
  );
}

/**
 * An eSIM's install ways, the device's own first: iOS 17.4+ the one-tap link, Android 10+ the
 * manual entry with copy buttons; a computer or an older phone gets the QR code first and every way.
 */
export function InstallDetails({
  install,
  iccid,
  platform,
}: {
  install: Install;
  iccid: string;
  platform: InstallPlatform;
}) {
  if (platform === 'ios') {
    return (
      <>
        <OneTap install={install} />
        <Manual install={install} platform={platform} />
      </>
    );
  }
  if (platform === 'android') return <Manual install={install} platform={platform} />;
  return (
    <>
      <Qr install={install} iccid={iccid} />
      <OneTap install={install} />
      <Manual install={install} platform={platform} />
    </>
  );
}
