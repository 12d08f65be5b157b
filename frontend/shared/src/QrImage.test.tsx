import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QrImage } from './QrImage';

describe('QrImage', () => {
  it('shows a data URL as it is, without loading anything', () => {
    const load = vi.fn();
    render(<QrImage src="data:image/png;base64,AAAA" alt="QR" load={load} failedText="failed" />);
    expect(screen.getByAltText('QR')).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(load).not.toHaveBeenCalled();
  });

  it('loads a URL behind the token and releases the object URL when it goes', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const load = vi.fn(async () => 'blob:qr-1');
    const { unmount } = render(<QrImage src="/api/user/esim/qr/a.png" alt="QR" load={load} failedText="failed" />);
    expect(await screen.findByAltText('QR')).toHaveAttribute('src', 'blob:qr-1');
    expect(load).toHaveBeenCalledWith('/api/user/esim/qr/a.png');
    unmount();
    expect(revoke).toHaveBeenCalledWith('blob:qr-1');
    revoke.mockRestore();
  });

  it('says so when the code cannot be loaded', async () => {
    render(
      <QrImage
        src="/api/user/esim/qr/b.png"
        alt="QR"
        load={() => Promise.reject(new Error('403'))}
        failedText="QR kod yüklenemedi."
      />,
    );
    await waitFor(() => expect(screen.getByText('QR kod yüklenemedi.')).toBeInTheDocument());
    expect(screen.queryByAltText('QR')).not.toBeInTheDocument();
  });
});
