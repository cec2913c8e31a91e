// The command palette (Ctrl-K / Cmd-K on any admin page): type to go to a page, find a user by e-mail or name, a baby
// name by the names list's search (accents and Nordic letters folded: contract/nameSearch.ts), or reopen a record
// chosen before. Keyboard only: arrows move, Enter goes, Escape closes. A combobox and its listbox, as
// the WAI-ARIA combobox pattern describes, so a screen reader follows the active option.
import { useEffect, useMemo, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Dialog, List, ListItemButton, ListItemText, ListSubheader, Typography } from '@mui/material';
import Search from '@mui/icons-material/Search';
import { normalizeSearchText, searchTextProblem } from '../../../contract/nameSearch';
import { useFindNamesQuery, useFindUsersQuery } from './paletteApi';
import { nameItem, pageItems, readRecent, rememberRecent, userItem, type PaletteItem } from './paletteItems';

/** Typing pauses this long before the users are asked: one request per word, not per key. */
const SEARCH_DELAY_MS = 200;
const MIN_SEARCH_LENGTH = 2;
const USERS_SHOWN = 5;
const NAMES_SHOWN = 5;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
}

export default function CommandPalette({ open, onClose }: CommandPaletteProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const search = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const searching = search.length >= MIN_SEARCH_LENGTH;
  const users = useFindUsersQuery({ search, limit: USERS_SHOWN }, { skip: !open || !searching });
  // Text the names API would refuse (control or zero-width characters…) is not sent: it could only answer 400.
  const nameSearch = normalizeSearchText(search);
  const names = useFindNamesQuery(
    { search: nameSearch, limit: NAMES_SHOWN },
    { skip: !open || !searching || searchTextProblem(search) !== undefined },
  );

  const items = useMemo<PaletteItem[]>(() => {
    const typed = text.trim();
    const foundUsers = searching && users.data ? users.data.users.map(userItem) : [];
    const foundNames = searching && names.data ? names.data.map(nameItem) : [];
    return [...(typed ? [] : readRecent()), ...pageItems(typed), ...foundUsers, ...foundNames];
    // readRecent is read again when the palette opens (open) and as the text changes
  }, [text, searching, users.data, names.data, open]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => setActive(0), [text, users.data, names.data]);
  useEffect(() => {
    if (open) setText('');
  }, [open]);

  const go = (item: PaletteItem | undefined) => {
    if (!item) return;
    rememberRecent(item);
    onClose();
    navigate(item.to);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(items[active]);
    }
  };

  const listId = 'command-palette-options';
  const optionId = (item: PaletteItem) => `command-palette-${item.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const status = !searching
    ? null
    : users.isFetching || names.isFetching
      ? 'Looking for users and names…'
      : [
          users.isError ? 'Users could not be searched.' : users.data?.users.length === 0 ? 'No user matches.' : null,
          names.isError ? 'Names could not be searched.' : names.data?.length === 0 ? 'No name matches.' : null,
        ]
          .filter(Boolean)
          .join(' ') || null;

  let lastGroup: string | null = null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { 'aria-label': 'Command palette', sx: { alignSelf: 'flex-start', mt: 10 } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Search color="action" aria-hidden />
        {/* A plain input (the login page's InputBase shared with this lazy chunk split the login route's chunks) */}
        <Box
          component="input"
          autoFocus
          placeholder="Go to a page, find a user or a baby name…"
          value={text}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-label="Search pages, users and names"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={items[active] ? optionId(items[active]) : undefined}
          sx={{
            flex: 1,
            minWidth: 0,
            border: 0,
            outline: 0,
            bgcolor: 'transparent',
            color: 'text.primary',
            font: 'inherit',
            fontSize: 16,
            py: 0.5,
          }}
        />
      </Box>
      <List id={listId} role="listbox" aria-label="Results" dense sx={{ maxHeight: 420, overflowY: 'auto', py: 0 }}>
        {items.map((item, index) => {
          const header = item.group !== lastGroup ? item.group : null;
          lastGroup = item.group;
          return (
            <Box key={item.id} component="li" role="presentation" sx={{ listStyle: 'none' }}>
              {header && (
                <ListSubheader component="div" role="presentation" sx={{ lineHeight: 2.5 }}>
                  {header}
                </ListSubheader>
              )}
              <ListItemButton
                id={optionId(item)}
                role="option"
                aria-selected={index === active}
                selected={index === active}
                tabIndex={-1}
                onMouseEnter={() => setActive(index)}
                onClick={() => go(item)}
              >
                <ListItemText primary={item.label} secondary={item.detail} />
              </ListItemButton>
            </Box>
          );
        })}
      </List>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
        {status ?? (items.length === 0 ? 'Nothing matches.' : '↑ ↓ to move, Enter to open, Esc to close')}
      </Typography>
    </Dialog>
  );
}
