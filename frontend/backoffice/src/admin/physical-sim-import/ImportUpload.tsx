import DownloadIcon from '@mui/icons-material/GetApp';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Card, CardContent, CardHeader, CircularProgress, Stack, Typography } from '@mui/material';
import { useRef, useState, type DragEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { downloadFile } from './download';

/**
 * The template, then a file chosen or dropped, then the upload: the service checks the file by its
 * content and queues it; a refused file shows the service's own reason. The job's page follows it.
 */
export function ImportUpload() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setRefusal(null);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setRefusal(null);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const { data, message } = await dataProvider.send<{ id: string }>(
        'POST',
        'admin/physical-sim/import-excel',
        form,
      );
      notify(message || 'app.psim_import.queued', { type: 'info' });
      navigate(`/admin/physical-sim-import/${data.id}/show`);
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const template = () =>
    downloadFile(dataProvider, 'admin/physical-sim/import/template', 'physical-sim-import-template.xlsx').catch(
      (error: Error) => notify(error.message, { type: 'error' }),
    );

  return (
    <Card variant="outlined">
      <CardHeader
        title={translate('app.psim_import.upload_title')}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        subheader={translate('app.psim_import.upload_hint')}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Box>
            <Button size="small" startIcon={<DownloadIcon />} onClick={template}>
              {translate('app.psim_import.template')}
            </Button>
          </Box>
          <Box
            role="button"
            tabIndex={0}
            aria-label={translate('app.psim_import.drop_label')}
            data-testid="import-drop-zone"
            onClick={() => input.current?.click()}
            onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && input.current?.click()}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: dragging ? 'primary.main' : 'divider',
              bgcolor: dragging ? 'action.hover' : 'transparent',
              borderRadius: 2,
              p: 3,
              textAlign: 'center',
              cursor: 'pointer',
            }}
          >
            <UploadFileIcon color={dragging ? 'primary' : 'action'} sx={{ fontSize: 40 }} />
            <Typography sx={{ wordBreak: 'break-all' }}>
              {file ? file.name : translate('app.psim_import.drop_here')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.psim_import.accepted')}
            </Typography>
            <input
              ref={input}
              type="file"
              hidden
              data-testid="import-file-input"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </Box>
          {refusal ? <Alert severity="error">{refusal}</Alert> : null}
          <Box>
            <Button
              variant="contained"
              disabled={!file || busy}
              onClick={upload}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <UploadFileIcon />}
            >
              {translate('app.psim_import.upload')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
