// The chosen backup travels from the card to the restore saga by job id, not inside the start action: Redux
// actions stay serializable (a File in an action trips RTK's serializable check), and the saga is the one that
// reads it.
const files = new Map<string, Blob>();

export function handOffRestoreFile(jobId: string, file: Blob): void {
  files.set(jobId, file);
}

/** The file for the job, removed from the hand-off so it is not kept alive after the check. */
export function takeRestoreFile(jobId: string): Blob | undefined {
  const file = files.get(jobId);
  files.delete(jobId);
  return file;
}
