import { render, screen } from '@testing-library/react';
import { StatCard } from './StatCard';

// The one stat card: the dashboard's counts and the analytics screens' formatted figures.

describe('StatCard', () => {
  it('shows a count with separators, a formatted figure as given, and a dash for none', () => {
    const { rerender } = render(<StatCard title="Total Names" value={1234567} icon={<span />} />);
    expect(screen.getByText('1,234,567')).toBeInTheDocument();
    rerender(<StatCard title="Fast decisions" value="12.5 %" size="medium" />);
    expect(screen.getByText('12.5 %')).toBeInTheDocument();
    rerender(<StatCard title="Total Names" value={null} />);
    expect(screen.getByText('—')).toBeInTheDocument();
  });

  it('loading: a skeleton until there is a figure; a count already known stays', () => {
    const { rerender } = render(<StatCard title="Connections" value={undefined} loading />);
    expect(screen.getByRole('progressbar', { name: 'Loading Connections' })).toBeInTheDocument();
    rerender(<StatCard title="Average decision time" value="—" loading size="medium" />);
    expect(screen.getByRole('progressbar', { name: 'Loading Average decision time' })).toBeInTheDocument();
    rerender(<StatCard title="Connections" value={42} loading />);
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading Connections')).not.toBeInTheDocument();
  });

  it('a live figure says so, and when its stream fails keeps the figure dimmed beside the reason', () => {
    const { rerender } = render(<StatCard title="Total Users" value={7} live />);
    expect(screen.getByText('Live')).toBeInTheDocument();
    rerender(<StatCard title="Total Users" value={7} live error="Disconnected" />);
    expect(screen.getByRole('status')).toHaveTextContent('Disconnected');
    expect(screen.getByText('7')).toHaveStyle({ opacity: '0.5' });
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
  });

  it('is a section named by its title, with the caption below the figure', () => {
    render(<StatCard title="Timed decisions" value="1,000" caption="Swipes with a recorded decision time" size="medium" />);
    expect(screen.getByRole('region', { name: 'Timed decisions' })).toHaveTextContent('Swipes with a recorded decision time');
  });
});
