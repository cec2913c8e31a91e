// Public face of the analytics feature: the store's reducer and the three screens (loaded by the router).
export { analyticsReducer } from './analyticsSlice';
