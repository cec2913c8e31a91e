import type { LiveCounts } from '../../../contract/schemas/dashboard';
import { readCounters } from '../counters/rowCounters';
import type { Queryable } from '../db/types';

export type LiveCountsListener = (counts: LiveCounts) => void;
/** Hears that the counts can no longer be read (once per streak of failed polls): the last ones are stale. */
export type LiveCountsUnavailableListener = (error: unknown) => void;

/** From the trigger-kept counters (migration 015): the poller reads them every second for every subscriber. */
export async function readLiveCounts(db: Queryable): Promise<LiveCounts> {
  const counts = await readCounters(db, ['users', 'accepted_connections']);
  return { users: counts.users, acceptedConnections: counts.accepted_connections };
}

const sameCounts = (a: LiveCounts | null, b: LiveCounts) =>
  a !== null && a.users === b.users && a.acceptedConnections === b.acceptedConnections;

/**
 * The users and accepted-connection counts, shared by every live subscriber: ONE poller (started
 * with the first subscriber, stopped with the last) reads them, and listeners hear only changes.
 * Polling catches writes made by anything (another process, psql); `refresh()` after the server's
 * own writes pushes those without waiting for the next tick.
 */
export class LiveCountsHub {
  private readonly listeners = new Set<LiveCountsListener>();
  private readonly unavailableListeners = new Map<LiveCountsListener, LiveCountsUnavailableListener>();
  /** A poll failed and none has succeeded since: subscribers were told their counts are stale. */
  private failing = false;
  private latest: LiveCounts | null = null;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  private refreshAgain = false;
  /** When a failed poll was last reported; null while reads succeed. */
  private errorReportedAt: number | null = null;

  /**
   * `onError` hears a failed read once when reads start failing, then at most once per
   * `errorReportMs` while they keep failing (the poller retries every `intervalMs`).
   */
  constructor(
    private readonly db: Queryable,
    private readonly intervalMs = 1000,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly errorReportMs = 60_000,
  ) {}

  get subscriberCount(): number {
    return this.listeners.size;
  }

  /**
   * Calls `listener` with the current counts at once, then on every change. Returns the unsubscribe.
   * Rejects (and adds nothing) when the counts are not known yet and cannot be read.
   */
  async subscribe(listener: LiveCountsListener, onUnavailable?: LiveCountsUnavailableListener): Promise<() => void> {
    // Read before adding the listener, so the first counts reach it once, from the line below.
    if (this.latest === null) {
      try {
        await this.read();
      } catch (error) {
        this.reportError(error);
        throw error;
      }
    }
    this.listeners.add(listener);
    if (onUnavailable) this.unavailableListeners.set(listener, onUnavailable);
    if (!this.timer) {
      this.timer = setInterval(() => void this.refresh(), this.intervalMs);
      this.timer.unref();
    }
    if (this.latest !== null) listener(this.latest);
    return () => this.unsubscribe(listener);
  }

  /** Re-reads the counts now and tells the listeners when they changed. Never rejects: failures go to onError. */
  refresh(): Promise<void> {
    return this.read().catch((error: unknown) => {
      // A stream that only kept its heartbeat while the database was down read as "Live" to the
      // console. Subscribers hear the first failure of a streak; the next good read sends the counts again.
      if (!this.failing) {
        this.failing = true;
        for (const onUnavailable of [...this.unavailableListeners.values()]) onUnavailable(error);
      }
      this.reportError(error);
    });
  }

  /** One read (concurrent calls coalesce); rejects when it fails. */
  private read(): Promise<void> {
    if (this.inFlight) {
      // A write landed while a read was running: read once more after it, so it is not missed.
      this.refreshAgain = true;
      return this.inFlight;
    }
    this.inFlight = (async () => {
      try {
        do {
          this.refreshAgain = false;
          const counts = await readLiveCounts(this.db);
          const recovered = this.failing;
          this.failing = false;
          if (!recovered && sameCounts(this.latest, counts)) continue;
          this.latest = counts;
          for (const listener of [...this.listeners]) listener(counts);
        } while (this.refreshAgain);
        this.errorReportedAt = null;
      } finally {
        this.inFlight = null;
      }
    })();
    return this.inFlight;
  }

  private reportError(error: unknown): void {
    const now = Date.now();
    if (this.errorReportedAt !== null && now - this.errorReportedAt < this.errorReportMs) return;
    this.errorReportedAt = now;
    this.onError(error);
  }

  stop(): void {
    this.listeners.clear();
    this.unavailableListeners.clear();
    this.stopTimer();
  }

  private unsubscribe(listener: LiveCountsListener): void {
    this.listeners.delete(listener);
    this.unavailableListeners.delete(listener);
    if (this.listeners.size === 0) this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // Nobody hears changes while stopped: the next subscriber must get fresh counts, not stale ones.
    this.latest = null;
    this.failing = false;
  }
}
