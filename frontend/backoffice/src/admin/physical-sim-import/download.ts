import type { BackOfficeDataProvider } from '../../providers/dataProvider';

/** A file behind the token (the import template, an error report) saved under `fileName`. */
export async function downloadFile(
  dataProvider: BackOfficeDataProvider,
  path: string,
  fileName: string,
): Promise<void> {
  const url = await dataProvider.blobUrl(path);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser by the next task; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
