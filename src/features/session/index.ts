// The session feature's public surface: what the rest of the console may use. Everything else in
// this folder (the slice's reducers, the saga, the login page) is internal; the store, root saga and
// router wire those in from src/app.
export {
  loginRequested,
  logoutRequested,
  noticeDismissed,
  selectSession,
  selectSessionStatus,
  selectSessionUser,
  selectSecondStep,
  type SessionState,
  type SessionStatus,
  type SessionUser,
} from './sessionSlice';
export { RequireAdmin, type LoginRedirectState } from './RequireAdmin';
