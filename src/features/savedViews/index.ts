// The saved views feature's public surface: the Views control the list pages show, and the grid preferences their
// grids use (contract/savedViews.ts).
export { ViewsMenu, type ListPart } from './ViewsMenu';
export { useGridPreferences } from './useGridPreferences';
export { viewText } from './viewText';
