// The history feature's public surface: a drawer any screen opens on one of its records (a name, a user).
export { RecordHistoryDrawer, type HistoryDrawerTarget, type RecordHistoryDrawerProps } from './components/RecordHistoryDrawer';
