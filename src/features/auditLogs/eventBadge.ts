// Spec 4: how each audit event type is badged. Console actions (user.update, name.delete, ...) are not app
// events, so they get the default style like any other event the spec does not name.

export type EventBadgeColor = 'error' | 'success' | 'info' | 'default';

const EVENT_BADGE_COLORS: Readonly<Record<string, EventBadgeColor>> = {
  CANCELLATION: 'error',
  ACCOUNT_DELETED: 'error',
  SUBSCRIPTION_START: 'success',
  USER_CREATED: 'info',
};

export function eventBadgeColor(event: string): EventBadgeColor {
  return Object.hasOwn(EVENT_BADGE_COLORS, event) ? EVENT_BADGE_COLORS[event] : 'default';
}
