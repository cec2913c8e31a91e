import type { AppConfig } from '../src/config/types';

// Tests talk to http://localhost (msw intercepts); absolute URLs because Node's fetch needs them.
export const config: AppConfig = {
  backend: 'local',
  apiBaseUrl: 'http://localhost/api',
  authBaseUrl: 'http://localhost/auth',
  apiTimeoutMs: 10_000,
  isDevelopment: false,
  firebase: {},
  invite: {
    appScheme: 'babynames',
    androidStoreUrl: 'https://play.google.com/store/apps/details?id=com.babynames.app',
    iosStoreUrl: 'https://apps.apple.com/app/baby-names/id6450000000',
  },
};
