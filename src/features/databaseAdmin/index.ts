// The Database Admin feature's public surface: its saga (wired by the root saga).
export { migrationSaga } from './migrationSaga';
