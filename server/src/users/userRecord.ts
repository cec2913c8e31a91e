import { randomInt } from 'node:crypto';
import type { NotificationSettings, UserRecord } from '../../../contract/schemas/usersAudit';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../contract/usersAudit';
import type { Queryable } from '../db/types';

/** A row of the users table as the drivers return it. */
export interface UserRow {
  uid: string;
  email: string | null;
  username: string | null;
  display_name: string | null;
  account_active: boolean;
  is_premium: boolean;
  created_at: Date | null;
  updated_at: Date | null;
  last_login: Date | null;
  last_active_date: Date | null;
  preferred_gender: string;
  preferred_nationality: string;
  preferred_language: string;
  connected_user_id: string | null;
  connection_status: string | null;
  connection_request_sent: boolean;
  daily_swipe_count: number;
  last_swipe_date: Date | null;
  is_admin: boolean;
  notification_settings: NotificationSettings;
  total_active_time_formatted: string;
  /** migration 061; absent from rows read before it ran */
  version?: number | string;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toUserRecord(row: UserRow): UserRecord {
  return {
    uid: row.uid,
    email: row.email,
    username: row.username,
    displayName: row.display_name,
    accountActive: row.account_active,
    isPremium: row.is_premium,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    lastLogin: iso(row.last_login),
    lastActiveDate: iso(row.last_active_date),
    preferredGender: row.preferred_gender,
    preferredNationality: row.preferred_nationality,
    preferredLanguage: row.preferred_language,
    connectedUserId: row.connected_user_id,
    connectionStatus: row.connection_status,
    connectionRequestSent: row.connection_request_sent,
    dailySwipeCount: row.daily_swipe_count,
    lastSwipeDate: iso(row.last_swipe_date),
    isAdmin: row.is_admin,
    // A stored settings object may lack flags: the spec's defaults fill them.
    notificationSettings: { ...DEFAULT_NOTIFICATION_SETTINGS, ...row.notification_settings },
    totalActiveTimeFormatted: row.total_active_time_formatted,
    ...(row.version === undefined || row.version === null ? {} : { version: Number(row.version) }),
  };
}

export async function findUserRecord(db: Queryable, uid: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE uid = $1', [uid]);
  return rows[0] ? toUserRecord(rows[0]) : null;
}

export interface NewUser {
  uid: string;
  email: string;
  username: string | null;
  displayName: string | null;
}

/** Inserts an end-user record with the spec's defaults (the table's column defaults). Null when the uid exists. */
export async function createUserRecord(db: Queryable, user: NewUser): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (uid, email, username, display_name) VALUES ($1, $2, $3, $4)
     ON CONFLICT (uid) DO NOTHING RETURNING *`,
    [user.uid, user.email, user.username, user.displayName],
  );
  return rows[0] ? toUserRecord(rows[0]) : null;
}

const UID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 28 characters, the shape of a Firebase Auth uid, so both backends' ids look alike. */
export function newUid(): string {
  return Array.from({ length: 28 }, () => UID_ALPHABET[randomInt(UID_ALPHABET.length)]).join('');
}
