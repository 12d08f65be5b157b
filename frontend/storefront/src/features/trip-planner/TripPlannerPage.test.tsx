import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import TripPlannerPage from './TripPlannerPage';

afterEach(() => vi.unstubAllGlobals());

describe('trip planner', () => {
  it.each([
    ['tr', 'Seyahat süresi (gün)', 'Seyahat süresi 1 ile 365 gün arasında olmalı'],
    ['en', 'Trip length (days)', 'Trip length must be between 1 and 365 days'],
  ] as const)('refuses 0 or negative days with a message (%s)', async (lng, label, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, code: 'ok', message: 'ok', data: [] }), { status: 200 }),
      ),
    );
    renderPage(<TripPlannerPage />, { path: '/trip-planner', lng });
    const days = screen.getByLabelText(label);
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    fireEvent.change(days, { target: { value: '0' } });
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(days, { target: { value: '-4' } });
    expect(screen.getByText(message)).toBeInTheDocument();
    fireEvent.change(days, { target: { value: '10' } });
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });
});
