// Copying text the operator asked for (a secret, recovery codes). Not every page has a toast here (the sign-in's second
// step loads none), so the caller says how it went, beside the button.
import { downloadBlob } from '../../lib/downloadBlob';

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
  downloadBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}
