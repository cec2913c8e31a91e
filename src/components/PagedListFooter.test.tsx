import { fireEvent, render, screen } from '@testing-library/react';
import { PagedListFooter, type PagedListFooterProps } from './PagedListFooter';

// The footer Manage Names (infinite scroll) and Audit Logs (Load more) share below their lists.

const base: PagedListFooterProps = {
  error: null,
  onRetry: () => undefined,
  loadingMore: false,
  loadingText: 'Loading more entries…',
  hasMore: false,
  hasRows: true,
  endText: 'End of the list.',
};

describe('PagedListFooter', () => {
  it('an error comes first, with Retry', () => {
    const onRetry = jest.fn();
    render(<PagedListFooter {...base} error="Failed to load audit logs: boom" onRetry={onRetry} loadingMore hasMore />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load audit logs: boom');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('then the next page loading', () => {
    render(<PagedListFooter {...base} loadingMore hasMore />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading more entries…');
  });

  it('more pages: Load more when the list has one, nothing when it loads on scrolling', () => {
    const onLoadMore = jest.fn();
    const { rerender } = render(<PagedListFooter {...base} hasMore onLoadMore={onLoadMore} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<PagedListFooter {...base} hasMore />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('End of the list.')).not.toBeInTheDocument();
  });

  it('the end of a list with rows; nothing under an empty one', () => {
    const { rerender } = render(<PagedListFooter {...base} />);
    expect(screen.getByText('End of the list.')).toBeInTheDocument();
    rerender(<PagedListFooter {...base} hasRows={false} />);
    expect(screen.queryByText('End of the list.')).not.toBeInTheDocument();
  });
});
