import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundary';
import { RouteErrorScreen } from './ErrorScreen';

function Boom(): never {
  throw new Error('Kaboom in a child');
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  // React and our boundary both log the error; keep the test output readable while still asserting it.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

describe('ErrorBoundary + ErrorScreen', () => {
  it('shows the spec texts, toggles debugging details, reloads, and logs the error', async () => {
    const reload = jest.fn();
    const user = userEvent.setup();
    render(
      <ErrorBoundary onReload={reload}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.getByText("We're sorry, but something unexpected happened.")).toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Show debugging details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/Kaboom in a child/)).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide debugging details' })).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByText(/Error: Kaboom in a child/);
    expect(details.textContent).toMatch(/at Boom/); // the stack is there too

    await user.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledTimes(1);

    expect(consoleError).toHaveBeenCalledWith(
      'Unexpected error:',
      expect.objectContaining({ message: 'Kaboom in a child' }),
      expect.anything(),
    );
  });

  it('is the router errorElement for a route that throws, and logs the error', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <RouteErrorScreen /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Route error:', expect.objectContaining({ message: 'Kaboom in a child' }));
  });
});
