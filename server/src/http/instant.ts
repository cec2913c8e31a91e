/** A valid instant (the schema's 'instant' format): its text goes to PostgreSQL as given (microseconds intact, which a JS Date would cut to milliseconds). */
export interface Instant {
  text: string;
  /** The same instant to the millisecond, for comparisons in JS. */
  ms: number;
}

/** An instant the schema accepted; a plain date means UTC midnight here (PostgreSQL would read it in its session's time zone). */
export function toInstant(text: string): Instant {
  return { text: text.includes('T') ? text : `${text}T00:00:00Z`, ms: new Date(text).getTime() };
}
