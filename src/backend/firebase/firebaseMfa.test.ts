import { firebaseMfa, MFA_NOT_AVAILABLE } from './firebaseMfa';

it('Firebase mode has no two-factor sign-in of its own: the port says so, and every call is refused with the reason', async () => {
  const mfa = firebaseMfa();
  expect(mfa.available).toBe(false);
  const calls = [
    mfa.status(),
    mfa.startEnrolment({}),
    mfa.confirmEnrolment({ code: '123456' }),
    mfa.verify({ challenge: 'c', code: '123456' }),
    mfa.renewRecoveryCodes('123456'),
    mfa.disable('password'),
  ];
  for (const call of calls) await expect(call).rejects.toMatchObject({ status: 501, reason: MFA_NOT_AVAILABLE });
  expect(MFA_NOT_AVAILABLE).toMatch(/Identity Platform/);
});
