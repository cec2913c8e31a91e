export interface FirebaseSettings {
  apiKey?: string;
  authDomain?: string;
  projectId?: string;
  storageBucket?: string;
  messagingSenderId?: string;
  appId?: string;
  /** e.g. http://127.0.0.1:9099 — connects Auth to the emulator when set */
  authEmulatorUrl?: string;
  /** e.g. 127.0.0.1:8080 — connects Firestore to the emulator when set */
  firestoreEmulatorHost?: string;
}

export interface AppConfig {
  /** which adapters implement the backend ports */
  backend: 'local' | 'firebase';
  /** base URL of the hosted API (the spec's /api) */
  apiBaseUrl: string;
  /** base URL of the reference backend's account endpoints (local backend only) */
  authBaseUrl: string;
  apiTimeoutMs: number;
  isDevelopment: boolean;
  firebase: FirebaseSettings;
  invite: InviteSettings;
}

/** Where the public invite page sends people (set per deployment). */
export interface InviteSettings {
  /** the mobile app's custom URL scheme, e.g. 'babynames' for babynames://invite?code=… */
  appScheme: string;
  androidStoreUrl: string;
  iosStoreUrl: string;
}
