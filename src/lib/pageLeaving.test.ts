import { isPageLeaving, leaveAsked } from './pageLeaving';

it('is left once asked or at pagehide; a key, a click or pageshow means the operator stayed', () => {
  expect(isPageLeaving()).toBe(false);
  leaveAsked();
  expect(isPageLeaving()).toBe(true);
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
  expect(isPageLeaving()).toBe(false);

  leaveAsked();
  window.dispatchEvent(new Event('pointerdown'));
  expect(isPageLeaving()).toBe(false);

  window.dispatchEvent(new Event('pagehide'));
  expect(isPageLeaving()).toBe(true);
  window.dispatchEvent(new Event('pageshow'));
  expect(isPageLeaving()).toBe(false);
});
