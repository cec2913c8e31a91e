// The command palette's public surface: the app shell shows its launcher (button and Ctrl-K / Cmd-K) on admin pages.
export { PaletteLauncher } from './PaletteLauncher';
