import { useRef, useState, type FormEvent } from 'react';
import { Autocomplete, Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { GENDERS, type Gender } from '../../../../contract/wire';
import { errorReason } from '../../../api/errors';
import { notify } from '../../../lib/notify';
import { useAddNameMutation, useGetNationalitiesQuery } from '../namesApi';

/** Spec 5: gender defaults to male; name and nationality are required (an alert, as the spec says). */
export function AddNameForm() {
  const [name, setName] = useState('');
  const [gender, setGender] = useState<Gender>('male');
  const [nationality, setNationality] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  const [addName, { isLoading }] = useAddNameMutation();
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
      notify(`Failed to add name. ${errorReason(error)}`, 'error');
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
          onChange={(e) => setName(e.target.value)}
          inputRef={nameInput}
          size="small"
          autoComplete="off"
        />
        <TextField select label="Gender" value={gender} onChange={(e) => setGender(e.target.value as Gender)} size="small">
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
          onInputChange={(_event, value) => setNationality(value)}
          renderInput={(params) => <TextField {...params} label="Nationality" size="small" />}
        />
        <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={isLoading} sx={{ height: 40 }}>
          Add
        </Button>
      </Box>
    </Paper>
  );
}
