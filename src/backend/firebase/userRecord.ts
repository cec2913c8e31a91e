// The users-record normalizer is shared with the local adapter (src/backend/shared/userRecord.ts).
export { swipeCountOf, toIsoDate, toUserRecord } from '../shared/userRecord';
