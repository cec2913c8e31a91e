import type { UserRecord } from '../../../contract/schemas/usersAudit';
import type { Gender } from '../../../contract/nameRules';
import { type APP_AUDIT_EVENTS, DEFAULT_NOTIFICATION_SETTINGS, USER_RECORD_DEFAULTS } from '../../../contract/usersAudit';
import { NAMES_BY_ORIGIN } from './data/nameData';
import { SEED_USERS } from './data/userData';
import { DEMO_ADMIN, DEMO_USER } from './demoAccounts';
import { SeededRandom } from './random';

// The demo data is computed here, in memory and with no database, from the committed name and
// user lists plus a seeded PRNG, relative to `now` (so "the last 90 days" stays true whenever the
// seed runs). seed.ts writes it.

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const RANDOM_SEED = 0xba6e5;

export type AuditEvent = (typeof APP_AUDIT_EVENTS)[number];

export interface SeedName {
  name: string;
  gender: Gender;
  nationality: string;
  createdAt: Date;
}

/** The contract's UserRecord with the seed's non-null fields and real Dates instead of ISO strings. */
type DateFields = 'createdAt' | 'updatedAt' | 'lastLogin' | 'lastActiveDate' | 'lastSwipeDate';
export type SeedUser = Omit<UserRecord, DateFields | 'email' | 'username' | 'displayName'> & {
  email: string;
  username: string;
  displayName: string;
  createdAt: Date;
  updatedAt: Date;
  lastLogin: Date | null;
  lastActiveDate: Date | null;
  lastSwipeDate: Date | null;
};

export interface SeedSwipe {
  userId: string;
  /** index into SeedPlan.names */
  nameIndex: number;
  liked: boolean;
  decisionTimeMs: number;
  createdAt: Date;
}

export interface SeedConnectionRequest {
  fromUserId: string;
  toUserId: string;
  status: 'pending' | 'accepted' | 'rejected';
  createdAt: Date;
  updatedAt: Date;
}

export interface SeedConnection {
  userA: string;
  userB: string;
  createdAt: Date;
}

export interface SeedAuditLog {
  timestamp: Date;
  event: AuditEvent;
  userId: string;
  lastSwipeDate: Date | null;
  totalActiveTimeFormatted: string | null;
}

export interface SeedPlan {
  names: SeedName[];
  users: SeedUser[];
  swipes: SeedSwipe[];
  connectionRequests: SeedConnectionRequest[];
  connections: SeedConnection[];
  auditLogs: SeedAuditLog[];
}

const LANGUAGES = [
  'english',
  'english',
  'english',
  'english',
  'english',
  'english',
  'german',
  'french',
  'spanish',
  'italian',
  'swedish',
  'icelandic',
];
const CONNECTION_PAIRS = { accepted: 40, pending: 30, rejected: 20 };

export function formatActiveTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m ${seconds % 60}s`;
}

const between = (random: SeededRandom, from: number, to: number) => new Date(from + random.next() * Math.max(0, to - from));
function groupByUser(swipes: SeedSwipe[]): Map<string, SeedSwipe[]> {
  const byUser = new Map<string, SeedSwipe[]>();
  for (const swipe of swipes) {
    const list = byUser.get(swipe.userId);
    if (list) list.push(swipe);
    else byUser.set(swipe.userId, [swipe]);
  }
  return byUser;
}

const sameUtcDay = (a: Date, b: Date) => a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10);

function buildNames(random: SeededRandom, now: Date): SeedName[] {
  const names: SeedName[] = [];
  for (const [nationality, byGender] of Object.entries(NAMES_BY_ORIGIN)) {
    for (const gender of ['male', 'female', 'unisex'] as const) {
      for (const name of byGender[gender]) {
        names.push({ name, gender, nationality, createdAt: between(random, now.getTime() - 365 * DAY_MS, now.getTime() - DAY_MS) });
      }
    }
  }
  return names;
}

/**
 * Draws names the way people swipe them: a few popular names come up far more often (a Zipf-like
 * weight over a random ranking), limited to the user's preferred gender and nationality.
 */
class NamePicker {
  private readonly weights: number[];
  private readonly pools = new Map<string, { indexes: number[]; cumulative: number[] }>();

  constructor(
    private readonly names: SeedName[],
    random: SeededRandom,
  ) {
    const ranking = random.shuffle(names.map((_, index) => index));
    this.weights = new Array<number>(names.length);
    ranking.forEach((nameIndex, rank) => {
      this.weights[nameIndex] = 1 / Math.pow(rank + 8, 0.85);
    });
  }

  /** 0..1, higher for more popular names: how likely a swipe on it is a like. */
  appeal(nameIndex: number): number {
    return Math.min(0.85, 0.22 + this.weights[nameIndex]! * 3.5);
  }

  pick(random: SeededRandom, preferredGender: string, preferredNationality: string): number {
    const pool = this.pool(preferredGender, preferredNationality);
    const target = random.next() * pool.cumulative[pool.cumulative.length - 1]!;
    let low = 0;
    let high = pool.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (pool.cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return pool.indexes[low]!;
  }

  private pool(gender: string, nationality: string) {
    const key = `${gender}|${nationality}`;
    let pool = this.pools.get(key);
    if (!pool) {
      const indexes = this.names
        .map((name, index) => ({ name, index }))
        .filter(
          ({ name }) =>
            (gender === 'all' || name.gender === gender || name.gender === 'unisex') &&
            (nationality === 'all' || name.nationality === nationality),
        )
        .map(({ index }) => index);
      let sum = 0;
      pool = { indexes, cumulative: indexes.map((index) => (sum += this.weights[index]!)) };
      this.pools.set(key, pool);
    }
    return pool;
  }
}

function decisionTimeMs(random: SeededRandom, liked: boolean, pace = 1): number {
  // Log-normal around ~2.6 s (likes a little quicker), scaled by how decisive the person is, kept within 0.5 to 9 s.
  const median = (liked ? 2300 : 2900) * pace;
  return Math.round(Math.min(9000, Math.max(500, Math.exp(Math.log(median) + 0.62 * random.normal()))));
}

function buildUsers(random: SeededRandom, now: Date): SeedUser[] {
  const origins = Object.keys(NAMES_BY_ORIGIN);
  const nowMs = now.getTime();
  const users: SeedUser[] = SEED_USERS.map(([uid, email, username, displayName]) => {
    const createdAt = new Date(nowMs - random.int(1, 420) * DAY_MS - random.int(0, 86_399) * 1000);
    const accountActive = !random.chance(0.07);
    // Active users were last seen recently (most within days); inactive ones months ago.
    const lastActiveMs = accountActive
      ? Math.max(createdAt.getTime() + HOUR_MS, nowMs - Math.min(80, -Math.log(1 - random.next()) * 6) * DAY_MS)
      : Math.max(createdAt.getTime() + HOUR_MS, nowMs - random.int(60, 300) * DAY_MS);
    const lastActiveDate = new Date(Math.min(nowMs, lastActiveMs));
    const lastLogin = new Date(Math.max(createdAt.getTime(), lastActiveDate.getTime() - random.int(0, 3 * 3600) * 1000));
    return {
      // The spec's defaults for the rest (no connection, no swipes yet, not an admin).
      ...USER_RECORD_DEFAULTS,
      uid,
      email,
      username,
      displayName,
      accountActive,
      isPremium: random.chance(0.18),
      createdAt,
      updatedAt: lastActiveDate,
      lastLogin,
      lastActiveDate,
      preferredGender: random.pick(['all', 'all', 'all', 'female', 'male']),
      preferredNationality: random.chance(0.65) ? 'all' : random.pick(origins),
      preferredLanguage: random.pick(LANGUAGES),
      notificationSettings: {
        ...DEFAULT_NOTIFICATION_SETTINGS,
        dailyReminder: random.chance(0.25),
        matchedName: !random.chance(0.08),
        partnerDisconnected: !random.chance(0.05),
      },
    };
  });
  const demoRecord = (account: typeof DEMO_ADMIN | typeof DEMO_USER, isAdmin: boolean): SeedUser => ({
    uid: account.uid,
    email: account.email,
    username: account.username,
    displayName: account.displayName,
    ...USER_RECORD_DEFAULTS,
    createdAt: new Date(nowMs - 400 * DAY_MS),
    updatedAt: new Date(nowMs - 400 * DAY_MS),
    lastLogin: null,
    lastActiveDate: null,
    isAdmin,
    notificationSettings: { ...DEFAULT_NOTIFICATION_SETTINGS },
  });
  return [demoRecord(DEMO_ADMIN, true), demoRecord(DEMO_USER, false), ...users];
}

/**
 * Each user swipes in sessions: a sitting of a few to a few dozen names, one every few seconds (the
 * decision plus a moment to read the next card), at moments spread over the user's last 90 days. A user
 * has a pace of their own, so some decide quickly and some take their time.
 */
function buildSwipes(random: SeededRandom, now: Date, names: SeedName[], users: SeedUser[]): SeedSwipe[] {
  const picker = new NamePicker(names, random);
  const swipes: SeedSwipe[] = [];
  for (const user of users) {
    if (user.isAdmin || user.uid === DEMO_USER.uid || random.chance(0.12)) continue;
    const end = user.lastActiveDate!.getTime();
    const start = Math.max(user.createdAt.getTime(), end - 90 * DAY_MS, now.getTime() - 90 * DAY_MS);
    const pace = Math.exp(0.35 * random.normal());
    const sessions = 1 + Math.min(24, Math.round(-Math.log(1 - random.next()) * 5));
    const seen = new Set<number>();
    for (let session = 0; session < sessions; session += 1) {
      const size = 3 + Math.min(37, Math.round(-Math.log(1 - random.next()) * 9));
      // The last session ends at the user's last activity; the others fall anywhere before it.
      let at = session === 0 ? end - size * 8000 : between(random, start, end - size * 8000).getTime();
      for (let index = 0, attempt = 0; index < size && attempt < size * 4; attempt += 1) {
        const nameIndex = picker.pick(random, user.preferredGender, user.preferredNationality);
        if (seen.has(nameIndex)) continue;
        seen.add(nameIndex);
        index += 1;
        const liked = random.chance(picker.appeal(nameIndex));
        const decision = decisionTimeMs(random, liked, pace);
        at += decision + random.int(400, 2500);
        swipes.push({
          userId: user.uid,
          nameIndex,
          liked,
          decisionTimeMs: decision,
          createdAt: new Date(Math.max(start, Math.min(at, now.getTime() - 1000))),
        });
      }
    }
  }
  return swipes;
}

/**
 * Pairs of users with a connection request each. Accepted pairs become connections, and the
 * partner also swipes on many of the same names, liking what the other liked more often than not:
 * those shared likes are the matches the analytics show.
 */
function buildConnections(random: SeededRandom, now: Date, plan: Pick<SeedPlan, 'users' | 'swipes'>) {
  const endUsers = plan.users.filter((user) => !user.isAdmin && user.uid !== DEMO_USER.uid && user.accountActive);
  const shuffled = random.shuffle(endUsers);
  const statuses: SeedConnectionRequest['status'][] = [
    ...Array<'accepted'>(CONNECTION_PAIRS.accepted).fill('accepted'),
    ...Array<'pending'>(CONNECTION_PAIRS.pending).fill('pending'),
    ...Array<'rejected'>(CONNECTION_PAIRS.rejected).fill('rejected'),
  ];
  const connectionRequests: SeedConnectionRequest[] = [];
  const connections: SeedConnection[] = [];
  const swipesByUser = groupByUser(plan.swipes);

  statuses.forEach((status, pairIndex) => {
    const from = shuffled[pairIndex * 2];
    const to = shuffled[pairIndex * 2 + 1];
    if (!from || !to) return;
    const earliest = Math.max(from.createdAt.getTime(), to.createdAt.getTime());
    const createdAt = between(random, earliest, Math.min(now.getTime(), from.lastActiveDate!.getTime()));
    const updatedAt =
      status === 'pending' ? createdAt : new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(1, 72) * HOUR_MS));
    connectionRequests.push({ fromUserId: from.uid, toUserId: to.uid, status, createdAt, updatedAt });
    if (status === 'pending') {
      from.connectionRequestSent = true;
      from.connectionStatus = 'pending';
      to.connectionStatus = 'pending';
      return;
    }
    if (status === 'rejected') {
      from.connectionStatus = 'rejected';
      return;
    }
    connections.push({ userA: from.uid, userB: to.uid, createdAt: updatedAt });
    from.connectedUserId = to.uid;
    to.connectedUserId = from.uid;
    from.connectionStatus = 'connected';
    to.connectionStatus = 'connected';
    const partnerSeen = new Set((swipesByUser.get(to.uid) ?? []).map((swipe) => swipe.nameIndex));
    for (const swipe of swipesByUser.get(from.uid) ?? []) {
      if (partnerSeen.has(swipe.nameIndex) || !random.chance(0.45)) continue;
      const liked = random.chance(swipe.liked ? 0.65 : 0.3);
      // The partner swipes it later: minutes to two days after.
      const createdAt = new Date(Math.min(now.getTime() - 60_000, swipe.createdAt.getTime() + random.int(2, 48 * 60) * 60_000));
      plan.swipes.push({ userId: to.uid, nameIndex: swipe.nameIndex, liked, decisionTimeMs: decisionTimeMs(random, liked), createdAt });
    }
  });
  return { connectionRequests, connections };
}

/** Swipe-derived fields of each record: last swipe, today's swipe count, time spent in the app. */
function applySwipeTotals(random: SeededRandom, now: Date, users: SeedUser[], swipes: SeedSwipe[]): void {
  const byUser = groupByUser(swipes);
  for (const user of users) {
    const own = byUser.get(user.uid) ?? [];
    if (own.length === 0) continue;
    const last = own.reduce((latest, swipe) => (swipe.createdAt > latest ? swipe.createdAt : latest), own[0]!.createdAt);
    user.lastSwipeDate = last;
    if (user.lastActiveDate && last > user.lastActiveDate) user.lastActiveDate = last;
    if (user.updatedAt < last) user.updatedAt = last;
    user.dailySwipeCount = own.filter((swipe) => sameUtcDay(swipe.createdAt, now)).length;
    const deciding = own.reduce((sum, swipe) => sum + swipe.decisionTimeMs, 0) / 1000;
    user.totalActiveTimeFormatted = formatActiveTime(deciding + own.length * random.int(20, 90) + random.int(120, 3600));
  }
}

function randomUid(random: SeededRandom): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 28 }, () => random.pick(alphabet.split(''))).join('');
}

/** Audit events over the last 90 days: sign-ups, subscriptions started, cancelled and ended, deletions. */
function buildAuditLogs(random: SeededRandom, now: Date, users: SeedUser[]): SeedAuditLog[] {
  const nowMs = now.getTime();
  const windowStart = nowMs - 90 * DAY_MS;
  const logs: SeedAuditLog[] = [];
  const entry = (user: SeedUser | null, event: AuditEvent, timestamp: Date, uid?: string): SeedAuditLog => ({
    timestamp,
    event,
    userId: user?.uid ?? uid!,
    lastSwipeDate: user?.lastSwipeDate && user.lastSwipeDate < timestamp ? user.lastSwipeDate : null,
    totalActiveTimeFormatted: user?.totalActiveTimeFormatted ?? null,
  });
  for (const user of users) {
    if (user.isAdmin || user.uid === DEMO_USER.uid) continue;
    if (user.createdAt.getTime() >= windowStart) logs.push(entry(user, 'USER_CREATED', user.createdAt));
    const from = Math.max(windowStart, user.createdAt.getTime());
    if (user.isPremium) {
      const started = between(random, user.createdAt.getTime(), nowMs);
      if (started.getTime() >= windowStart) logs.push(entry(user, 'SUBSCRIPTION_START', started));
    } else if (random.chance(0.14)) {
      // A former subscriber: started, usually cancelled, and the subscription ran out.
      const started = between(random, from, from + (nowMs - from) * 0.4);
      const ended = between(random, Math.min(nowMs, started.getTime() + DAY_MS), nowMs);
      logs.push(entry(user, 'SUBSCRIPTION_START', started));
      if (random.chance(0.75)) logs.push(entry(user, 'CANCELLATION', between(random, started.getTime(), ended.getTime())));
      logs.push(entry(user, 'SUBSCRIPTION_END', ended));
    }
  }
  // Accounts that no longer exist: only their audit trail is left.
  for (let index = 0; index < 14; index += 1) {
    const lastSwipe = new Date(windowStart - random.int(1, 30) * DAY_MS);
    logs.push({
      timestamp: between(random, windowStart, nowMs),
      event: 'ACCOUNT_DELETED',
      userId: randomUid(random),
      lastSwipeDate: lastSwipe,
      totalActiveTimeFormatted: formatActiveTime(random.int(300, 40_000)),
    });
  }
  return logs.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
}

export function buildDemoData(now: Date = new Date()): SeedPlan {
  const random = new SeededRandom(RANDOM_SEED);
  const names = buildNames(random, now);
  const users = buildUsers(random, now);
  const swipes = buildSwipes(random, now, names, users);
  const { connectionRequests, connections } = buildConnections(random, now, { users, swipes });
  applySwipeTotals(random, now, users, swipes);
  const auditLogs = buildAuditLogs(random, now, users);
  return { names, users, swipes, connectionRequests, connections, auditLogs };
}
