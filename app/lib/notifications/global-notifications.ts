/**
 * Global notifications as a small state machine (spec 1 §4, spec 2 §4): append replaces one with the same
 * id but keeps its closed flag; delete removes; close is allowed only for show_once notifications.
 * Pure, so the realtime channel and the page loader apply events the same way.
 */
export interface ShellNotification {
  id: string;
  en_text?: string | null;
  ru_text?: string | null;
  es_text?: string | null;
  text?: string | null;
  level?: string | null;
  show_once?: boolean | null;
  closed: boolean;
}

export type NotificationEvent =
  | { action: "append"; message: Omit<ShellNotification, "closed"> & { closed?: boolean } }
  | { action: "delete"; message: { id: string } }
  | { action: "close"; message: { id: string } };

export class NotificationError extends Error {}

export function applyNotificationEvent(state: readonly ShellNotification[], event: NotificationEvent): ShellNotification[] {
  switch (event.action) {
    case "append": {
      const existing = state.find((n) => n.id === event.message.id);
      const next: ShellNotification = { ...event.message, closed: existing?.closed ?? event.message.closed ?? false };
      return existing ? state.map((n) => (n.id === next.id ? next : n)) : [...state, next];
    }
    case "delete":
      return state.filter((n) => n.id !== event.message.id);
    case "close": {
      const target = state.find((n) => n.id === event.message.id);
      if (!target) throw new NotificationError(`unknown notification ${event.message.id}`);
      if (!target.show_once) throw new NotificationError(`notification ${target.id} is not show_once and cannot be closed`);
      return state.map((n) => (n.id === target.id ? { ...n, closed: true } : n));
    }
    default:
      throw new NotificationError(`unknown notification action ${(event as { action: string }).action}`);
  }
}

/** Text in the interface language; Spanish falls back to English where a notification has no Spanish text. */
export function notificationText(n: ShellNotification, locale: string): string {
  if (locale === "ru") return n.ru_text ?? n.text ?? n.en_text ?? "";
  if (locale === "es") return n.es_text ?? n.en_text ?? n.text ?? "";
  return n.en_text ?? n.text ?? n.ru_text ?? "";
}
