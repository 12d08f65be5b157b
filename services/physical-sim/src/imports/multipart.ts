/**
 * Reads the one file field of a multipart/form-data body (the import's `file`). The body is
 * already bounded by the route's body limit; this only splits it at the boundary.
 */
export interface UploadedFile {
  fieldName: string;
  fileName: string | null;
  content: Buffer;
}

export function boundaryOf(contentType: string | undefined): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]!).trim() : null;
}

export function multipartFiles(body: Buffer, boundary: string): UploadedFile[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const files: UploadedFile[] = [];
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const partStart = start + delimiter.length;
    // "--" after the delimiter closes the body.
    if (body[partStart] === 0x2d && body[partStart + 1] === 0x2d) break;
    const next = body.indexOf(delimiter, partStart);
    if (next < 0) break;
    const part = body.subarray(partStart + 2, next - 2); // skip CRLF after the delimiter and before the next one
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd >= 0) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
      const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
      const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
      if (name !== undefined) files.push({ fieldName: name, fileName, content: part.subarray(headerEnd + 4) });
    }
    start = next;
  }
  return files;
}
