import { render, screen, within } from '@testing-library/react';
import type { SystemHealth } from '../../../contract/schemas/databaseAdmin';
import { healthSummary, postgresVersion, SystemHealthReadout } from './SystemHealthReadout';

// The one health read-out: Name Analytics' debug block (with the catalog) and Database Admin's table sizes.

const health: SystemHealth = {
  postgresql: 'PostgreSQL 15.8 on x86_64-pc-linux-gnu, compiled by gcc 12.2.0, 64-bit',
  tables: ['analytics_names', 'names', 'swipes', 'users'],
  analytics_tables: ['analytics_names'],
  views: [],
  table_counts: { analytics_names: 812, names: 1234, swipes: 1_200_000, users: 312 },
  estimated_counts: ['swipes'],
};

describe('SystemHealthReadout', () => {
  it('lists the row counts largest first and marks the estimates', () => {
    render(<SystemHealthReadout health={health} countsLabel="Table sizes" />);
    const table = screen.getByRole('table', { name: 'Table sizes' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['swipes≈ 1,200,000', 'names1,234', 'analytics_names812', 'users312']);
    expect(screen.getByText(/PostgreSQL 15\.8 · ≈ an estimate from the catalog/)).toBeInTheDocument();
    // The catalog is the debug block's: the sizes alone here.
    expect(screen.queryByText('analytics_tables (1)')).not.toBeInTheDocument();
  });

  it('with the catalog: the full server version and the tables, analytics tables and views', () => {
    render(<SystemHealthReadout health={{ ...health, estimated_counts: undefined }} countsLabel="table_counts" catalog />);
    expect(screen.getByText(health.postgresql)).toBeInTheDocument();
    expect(screen.getByText('tables (4)')).toBeInTheDocument();
    expect(screen.getByText('analytics_tables (1)')).toBeInTheDocument();
    expect(screen.getByText('views (0)')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'table_counts, scrollable' })).toHaveAttribute('tabindex', '0');
    expect(screen.queryByText(/an estimate/)).not.toBeInTheDocument();
  });

  it('summarises the version up to its build details and the analytics tables', () => {
    expect(postgresVersion(health)).toBe('PostgreSQL 15.8');
    expect(postgresVersion({ ...health, postgresql: 'PostgreSQL 18.6 (PGlite 0.5.16), compiled by emcc' })).toBe(
      'PostgreSQL 18.6 (PGlite 0.5.16)',
    );
    expect(healthSummary(health)).toBe('PostgreSQL 15.8 · 1 analytics table');
    expect(healthSummary({ ...health, analytics_tables: [] })).toBe('PostgreSQL 15.8 · no analytics tables');
  });
});
