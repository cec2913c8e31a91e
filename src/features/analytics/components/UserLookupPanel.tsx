import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Box, Button, LinearProgress, List, ListItemButton, ListItemText, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useSearchParams } from 'react-router-dom';
import { errorReason } from '../../../api/errors';
import { searchParamsWith } from '../../../lib/searchParams';
import { useLookupUserQuery } from '../analyticsApi';
import { USER_PARAM } from '../analyticsUrl';
import { AnalyticsSection } from './AnalyticsSection';
import { UserSwipeDetail } from './UserSwipeDetail';

/**
 * Looks up one user by email or uid and shows their per-user analytics. `aboveSettled`: the sections above have
 * their final height (loaded or failed), so a scroll to the result is not undone by them growing afterwards.
 */
export function UserLookupPanel({ aboveSettled = true }: { aboveSettled?: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const looked = (searchParams.get(USER_PARAM) ?? '').trim();
  const [text, setText] = useState(looked);
  const lookup = useLookupUserQuery(looked, { skip: looked === '' });

  // A shared link or a user id clicked elsewhere (?user=...) opens the page at the top, while the lookup sits
  // below every other section: bring its result into view once it and the sections above are there, once per
  // user looked up (scrolled earlier, the sections loading above pushed it down the screen again).
  const sectionRef = useRef<HTMLDivElement>(null);
  const scrolledTo = useRef('');
  const answered = looked !== '' && aboveSettled && !lookup.isFetching && (lookup.data !== undefined || lookup.isError);
  useEffect(() => {
    if (!answered || scrolledTo.current === looked) return;
    scrolledTo.current = looked;
    sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [answered, looked]);
  // The text box follows the address (a user id clicked on this page changes it without remounting).
  const [shownFor, setShownFor] = useState(looked);
  if (shownFor !== looked) {
    setShownFor(looked);
    setText(looked);
  }

  const show = (value: string) => {
    setShownFor(value);
    setSearchParams(searchParamsWith(searchParams, [[USER_PARAM, value, '']]));
  };
  // Not a <form>: React Router navigates inside a transition, and React then treats a prevented submit as a
  // form action (building FormData from the form), which is not what this lookup is.
  const submit = () => {
    if (text.trim() !== '') show(text.trim());
  };
  const submitOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') submit();
  };

  const result = lookup.data;
  return (
    // Below the sticky navigation (toolbar and tabs), not under it; while a user is shown, at least a window tall,
    // so the page can scroll the section to the top before the result's tables have loaded below it.
    <Box ref={sectionRef} sx={{ scrollMarginTop: 120, minHeight: looked ? 'calc(100vh - 140px)' : undefined }}>
      <AnalyticsSection title="Look up a user" subtitle="Swipes, insights, sessions and partner matches of one user, by email or user ID">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }} role="search">
          <TextField
            size="small"
            label="Email or user ID"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={submitOnEnter}
            sx={{ flex: 1, maxWidth: 480 }}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <Button variant="contained" startIcon={<SearchIcon />} disabled={text.trim() === ''} onClick={submit}>
            Look up
          </Button>
          {looked ? (
            <Button
              onClick={() => {
                setText('');
                show('');
              }}
            >
              Clear
            </Button>
          ) : null}
        </Stack>
        {looked === '' ? null : lookup.isFetching ? (
          <LinearProgress aria-label="Looking up the user" />
        ) : lookup.isError ? (
          <Alert severity="error">The lookup failed: {errorReason(lookup.error)}</Alert>
        ) : result?.user ? (
          <UserSwipeDetail key={result.user.uid} user={result.user} />
        ) : result && result.candidates.length > 0 ? (
          <Box>
            <Typography variant="body2" sx={{ mb: 1 }}>
              No user is exactly “{looked}”. Users whose email, name or ID contain it:
            </Typography>
            <List dense aria-label="Matching users" sx={{ maxWidth: 560 }}>
              {result.candidates.map((candidate) => (
                <ListItemButton
                  key={candidate.uid}
                  onClick={() => {
                    setText(candidate.email ?? candidate.uid);
                    show(candidate.uid);
                  }}
                >
                  <ListItemText
                    primary={candidate.email ?? candidate.uid}
                    secondary={[candidate.displayName, candidate.uid].filter(Boolean).join(' · ')}
                  />
                </ListItemButton>
              ))}
            </List>
          </Box>
        ) : result ? (
          <Alert severity="info">No user found for “{looked}”.</Alert>
        ) : null}
      </AnalyticsSection>
    </Box>
  );
}
