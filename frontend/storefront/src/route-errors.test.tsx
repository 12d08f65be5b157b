import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouteErrorBoundary } from './routes';

function Broken(): never {
  throw new Error('page exploded');
}

describe('RouteErrorBoundary', () => {
  it("shows the 'Unexpected Application Error!' screen when a page fails, and a new path clears it", () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <RouteErrorBoundary pathname="/faq">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '500' })).toBeInTheDocument();
    expect(screen.getByText('page exploded')).toBeInTheDocument();
    rerender(
      <RouteErrorBoundary pathname="/about">
        <p>about page</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('about page')).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
    consoleError.mockRestore();
  });
});
