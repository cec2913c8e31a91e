/** The demo accounts the seed creates; the README, `npm start` and the e2e tests print and use them. */
export const DEMO_ADMIN = {
  uid: 'demo-admin',
  email: 'admin@babynames.test',
  password: 'admin-demo-password',
  username: 'demo_admin',
  displayName: 'Demo Admin',
} as const;

/** A valid account whose user record is NOT an admin: it may sign in but never passes the console guard. */
export const DEMO_USER = {
  uid: 'demo-user',
  email: 'user@babynames.test',
  password: 'user-demo-password',
  username: 'demo_user',
  displayName: 'Demo User',
} as const;
