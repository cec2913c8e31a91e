// What the login route loads when the server answers a second step (contract/mfa.ts): the saga that runs it and the
// page that shows it, as one chunk (two would reshape the chunks the login route itself loads: its budget is
// bench/login-bundle.bench.ts's). The session saga and the /login route import it dynamically; nothing else does.
export { runSecondStep } from './secondStepSaga';
export { default } from './SecondStepPage';
