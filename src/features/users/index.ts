// The users feature's public surface: what the app shell wires in. The page itself is loaded lazily by path.
export { usersReducer } from './usersSlice';
export { swipeTotalsReducer } from './swipeTotalsSlice';
export { swipeTotalsSaga } from './swipeTotalsSaga';
