import { useCallback, useRef, useState } from 'react';
import type { EditConflict, EditConflictChoice } from './EditConflictDialog';

/**
 * Asks the operator how to settle an edit conflict and waits for the answer: the grid's processRowUpdate keeps
 * its promise pending meanwhile, so the row stays as it is until they choose. `dialog` goes to EditConflictDialog.
 */
export function useEditConflictChoice() {
  const [asked, setAsked] = useState<EditConflict | null>(null);
  const [open, setOpen] = useState(false);
  const answer = useRef<((choice: EditConflictChoice) => void) | null>(null);

  const ask = useCallback(
    (conflict: EditConflict) =>
      new Promise<EditConflictChoice>((resolve) => {
        answer.current = resolve;
        setAsked(conflict);
        setOpen(true);
      }),
    [],
  );

  const onChoose = useCallback((choice: EditConflictChoice) => {
    setOpen(false);
    answer.current?.(choice);
    answer.current = null;
  }, []);

  return { ask, dialog: { open, value: asked, onChoose } };
}
