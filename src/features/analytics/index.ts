// Public face of the analytics feature: the store's reducer (the three screens are loaded by the router).
export { analyticsReducer } from './analyticsSlice';
// A user id shown with the user's name, linking to their analytics (Audit Logs shows them too).
export { UserRef, type UserRefProps } from './components/UserRef';
export { userLookupPath } from './analyticsUrl';
