import { useRef, useState, type FormEvent } from 'react';
import { Autocomplete, Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { GENDERS, type Gender } from '../../../../contract/nameRules';
import { IN_TRASH } from '../../../../contract/dataSafety';
import { errorDetail, errorReason } from '../../../api/errors';
import { notify } from '../../../lib/notify';
import { useAddNameMutation, useGetNationalitiesQuery } from '../namesApi';
import { isTrashedName } from '../nameRecords';
import { useRestoreNames } from '../hooks/useRestoreNames';
import { TrashedTwinNotice } from './TrashedTwinNotice';

/** The trashed name an add was refused for (409 in_trash), if that is why it failed. */
function trashedTwinOf(error: unknown) {
  const detail = errorDetail(error);
  const twin = detail?.code === IN_TRASH ? detail.trashed?.[0] : undefined;
  return isTrashedName(twin) ? twin : null;
}

/** Spec 5: gender defaults to male; name and nationality are required (an alert, as the spec says). */
export function AddNameForm() {
  const [name, setName] = useState('');
  const [gender, setGender] = useState<Gender>('male');
  const [nationality, setNationality] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  const [addName, addState] = useAddNameMutation();
  // The last add's refusal says when the name is in the trash; any change of the fields is a new question.
  const twin = trashedTwinOf(addState.error);
  const { restore, restoring } = useRestoreNames();
  const resetAdd = addState.reset;
  const clearRefusal = () => {
    if (addState.isError) resetAdd();
  };
  // Suggestions only (free text stays allowed): steers the operator towards the spelling already in use.
  const { data: nationalities = [] } = useGetNationalitiesQuery();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const input = { name: name.trim(), gender, nationality: nationality.trim().toLowerCase() };
    if (!input.name || !input.nationality) {
      window.alert('All fields are required!');
      return;
    }
    try {
      await addName(input).unwrap();
      notify('Name added successfully!', 'success');
      // Keep gender and nationality: names are usually entered in runs of one nationality.
      setName('');
      nameInput.current?.focus();
    } catch (error) {
      if (!trashedTwinOf(error)) notify(`Failed to add name. ${errorReason(error)}`, 'error');
    }
  }

  async function restoreTwin() {
    if (!twin) return;
    if (await restore({ nameIds: [twin.id] }, `${twin.name} restored from the trash`)) {
      resetAdd();
      setName('');
    }
  }

  return (
    <Paper component="section" aria-labelledby="add-name-heading" sx={{ p: 2.5 }}>
      <Typography id="add-name-heading" variant="h6" component="h2" gutterBottom>
        Add a name
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit}
        aria-label="Add a name"
        sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 2fr auto' } }}
      >
        <TextField
          label="Name"
          value={name}
          onChange={(e) => {
            clearRefusal();
            setName(e.target.value);
          }}
          inputRef={nameInput}
          size="small"
          autoComplete="off"
        />
        <TextField
          select
          label="Gender"
          value={gender}
          onChange={(e) => {
            clearRefusal();
            setGender(e.target.value as Gender);
          }}
          size="small"
        >
          {GENDERS.map((g) => (
            <MenuItem key={g} value={g}>
              {g}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          freeSolo
          options={nationalities}
          inputValue={nationality}
          onInputChange={(_event, value) => {
            clearRefusal();
            setNationality(value);
          }}
          renderInput={(params) => <TextField {...params} label="Nationality" size="small" />}
        />
        <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={addState.isLoading} sx={{ height: 40 }}>
          Add
        </Button>
      </Box>
      {twin && <TrashedTwinNotice twin={twin} restoring={restoring} onRestore={() => void restoreTwin()} />}
    </Paper>
  );
}
