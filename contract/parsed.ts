/** A check's outcome: the value, or the field and message of the first problem (the route's 400). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: { field: string; message: string } };

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const fail = <T = never>(field: string, message: string): Parsed<T> => ({ ok: false, error: { field, message } });
