// A view written into the address: each parameter set to its value, or left out while it has its default, so
// links stay short and an address names only what differs from the page as it opens.

/** A parameter of the address: its name, the view's value, and the value it has when left out. */
export type ParamWithDefault = readonly [key: string, value: string, fallback: string];

/** A copy of `current` with each of `params` set, or removed where its value is its default; other params are kept. */
export function searchParamsWith(current: URLSearchParams, params: readonly ParamWithDefault[]): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value, fallback] of params) {
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  }
  return next;
}
