import path from 'node:path';

/**
 * How long a browser may keep a file of the built console. Vite names every file under assets/ by a hash of
 * its content, so such a file never changes: kept a year without asking again. Anything else (index.html,
 * which names the current assets; the favicon) is checked with the server on each use, so a new build
 * reaches operators on their next page load.
 */
export function cacheControlFor(filePath: string): string {
  // The path is the file sent: a precompressed copy keeps its original's name with .br or .gz added.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  const hashedAsset = path.basename(path.dirname(filePath)) === 'assets' && /-[\w-]{8,}\.\w+$/.test(name);
  return hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache';
}
