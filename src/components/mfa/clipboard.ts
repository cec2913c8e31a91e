// Copying text the operator asked for (a secret, recovery codes). Not every page has a toast here (the sign-in's second
// step loads none), so the caller says how it went, beside the button.

/** Resolves true once copied; false when the browser refused (an insecure origin, a denied permission). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Hands `text` to the browser as a download named `fileName` (plain text, UTF-8). */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cut the download short in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
