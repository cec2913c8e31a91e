import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';

/** Typing pauses this long before the search is applied: one request per word, not per key. */
export const SEARCH_FIELD_DEBOUNCE_MS = 250;

export interface SearchFieldProps {
  /** its accessible name and visible label */
  label: string;
  /** the search applied now (from the address or the store): shown, and followed when it changes elsewhere (Back) */
  value: string;
  /** applies a search: after a pause in typing, at once on Enter, '' on Escape */
  onSearch: (text: string) => void;
  /** text as it is applied (trimmed, say): typing that normalizes to the applied value is not a new search */
  normalize?: (text: string) => string;
  /** a problem with the text, said under the field; a text with a problem is not applied */
  problemOf?: (text: string) => string | undefined;
  placeholder?: string;
  /** a line under the field saying how the search matches */
  hint?: string;
  maxLength?: number;
  sx?: SxProps<Theme>;
}

const trimmed = (text: string) => text.trim();

/**
 * A search box that applies what is typed after a pause (SEARCH_FIELD_DEBOUNCE_MS), at once on Enter, and clears
 * on Escape. It keeps the operator's own text while typing (a trailing space survives the pause) and shows the
 * applied search again when it changes from outside, e.g. Back to an earlier address.
 */
export function SearchField({
  label,
  value,
  onSearch,
  normalize = trimmed,
  problemOf,
  placeholder,
  hint,
  maxLength,
  sx,
}: SearchFieldProps) {
  const [text, setText] = useState(value);
  const latest = useRef({ text, normalize, onSearch });
  latest.current = { text, normalize, onSearch };

  // The applied search moved without this field (Back, a link): show it, unless the text typed already says it.
  useEffect(() => {
    const { text: typed, normalize: norm } = latest.current;
    if (norm(typed) !== value) setText(value);
  }, [value]);

  const problem = problemOf?.(text);
  const pending = problem === undefined && normalize(text) !== value;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => latest.current.onSearch(latest.current.text), SEARCH_FIELD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [pending, text]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && problem === undefined) {
      onSearch(text);
    } else if (event.key === 'Escape' && text !== '') {
      // Only when there is something to clear: an Escape in an empty field is the page's (a dialog's, say).
      event.preventDefault();
      event.stopPropagation();
      setText('');
      onSearch('');
    }
  };

  const helper = problem ?? hint;
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={onKeyDown}
      error={problem !== undefined}
      helperText={helper}
      sx={sx}
      slotProps={{
        // MUI ties the helper text to the input (aria-describedby) itself.
        htmlInput: { maxLength },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
