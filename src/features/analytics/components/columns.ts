// Column definitions shared by the analytics tables. Values stay numbers (so the grid sorts them as
// numbers); only the formatter turns them into seconds, percents and separated counts.
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { formatDuration, formatPercent, formatSeconds } from '../analyticsFormat';
import { formatCount, formatDateTime, withTimeZone } from '../../../lib/format';
import { capitalize } from '../chartData';

type Col<Row extends GridValidRowModel> = GridColDef<Row>;

export const textCol = <Row extends GridValidRowModel>(field: string, headerName: string, width = 130): Col<Row> => ({
  field,
  headerName,
  minWidth: width,
  flex: 1,
});

export const labelCol = <Row extends GridValidRowModel>(field: string, headerName: string, width = 100): Col<Row> => ({
  field,
  headerName,
  width,
  valueFormatter: (value: string | null) => (value ? capitalize(value) : '—'),
});

export const countCol = <Row extends GridValidRowModel>(field: string, headerName: string, width = 90): Col<Row> => ({
  field,
  headerName,
  type: 'number',
  width,
  valueFormatter: (value: number | null) => (typeof value === 'number' ? formatCount(value) : '—'),
});

export const percentCol = <Row extends GridValidRowModel>(field: string, headerName: string, width = 100): Col<Row> => ({
  field,
  headerName,
  type: 'number',
  width,
  valueFormatter: (value: number | null) => formatPercent(value),
});

export const secondsCol = <Row extends GridValidRowModel>(field: string, headerName: string, width = 115): Col<Row> => ({
  field,
  headerName,
  type: 'number',
  width,
  valueFormatter: (value: number | null) => formatSeconds(value),
});

export const dateTimeCol = <Row extends GridValidRowModel>(field: string, headerName: string, width = 180): Col<Row> => ({
  field,
  headerName: withTimeZone(headerName),
  width,
  // ISO instants sort correctly as text.
  valueFormatter: (value: string | null) => formatDateTime(value),
});

export const durationCol = <Row extends GridValidRowModel>(field: string, headerName: string, width = 150): Col<Row> => ({
  field,
  headerName,
  type: 'number',
  width,
  valueFormatter: (value: number | null) => formatDuration(value),
});
