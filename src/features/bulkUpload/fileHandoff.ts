// The chosen File travels from the page to the import saga by job id, not inside the start action:
// Redux actions must stay serializable (a File in an action trips RTK's serializable check and the
// DevTools), and the saga is the one that opens it.
const files = new Map<string, File>();

export function handOffFile(jobId: string, file: File): void {
  files.set(jobId, file);
}

/** The file for the job, removed from the hand-off so it is not kept alive after the import. */
export function takeHandedOffFile(jobId: string): File | undefined {
  const file = files.get(jobId);
  files.delete(jobId);
  return file;
}
