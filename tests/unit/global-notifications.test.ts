import { describe, expect, it } from "vitest";
import { applyNotificationEvent, NotificationError, notificationText, type ShellNotification } from "~/lib/notifications/global-notifications";

const base = (id: string, showOnce: boolean): Omit<ShellNotification, "closed"> => ({
  id,
  en_text: `en ${id}`,
  ru_text: `ru ${id}`,
  show_once: showOnce,
  level: "info",
});

describe("global notifications", () => {
  it("appends new notifications in order", () => {
    let state = applyNotificationEvent([], { action: "append", message: base("1", true) });
    state = applyNotificationEvent(state, { action: "append", message: base("2", false) });
    expect(state.map((n) => n.id)).toEqual(["1", "2"]);
    expect(state.every((n) => n.closed === false)).toBe(true);
  });

  it("append replaces the one with the same id and keeps its closed flag", () => {
    let state = applyNotificationEvent([], { action: "append", message: base("1", true) });
    state = applyNotificationEvent(state, { action: "close", message: { id: "1" } });
    state = applyNotificationEvent(state, { action: "append", message: { ...base("1", true), en_text: "changed" } });
    expect(state).toHaveLength(1);
    expect(state[0]).toMatchObject({ id: "1", en_text: "changed", closed: true });
  });

  it("deletes by id", () => {
    const state = applyNotificationEvent([{ ...base("1", true), closed: false }, { ...base("2", true), closed: false }], {
      action: "delete",
      message: { id: "1" },
    });
    expect(state.map((n) => n.id)).toEqual(["2"]);
  });

  it("closes only show_once notifications", () => {
    const state: ShellNotification[] = [{ ...base("once", true), closed: false }, { ...base("always", false), closed: false }];
    expect(applyNotificationEvent(state, { action: "close", message: { id: "once" } })[0].closed).toBe(true);
    expect(() => applyNotificationEvent(state, { action: "close", message: { id: "always" } })).toThrow(NotificationError);
    expect(() => applyNotificationEvent(state, { action: "close", message: { id: "missing" } })).toThrow(NotificationError);
  });

  it("rejects an unknown action", () => {
    expect(() => applyNotificationEvent([], { action: "explode", message: { id: "1" } } as never)).toThrow(/unknown notification action/);
  });

  it("speaks the interface language, Spanish falling back to English where it has no Spanish text", () => {
    const n = { ...base("1", true), closed: false };
    expect(notificationText(n, "ru")).toBe("ru 1");
    expect(notificationText(n, "en")).toBe("en 1");
    expect(notificationText(n, "es")).toBe("en 1");
    expect(notificationText({ ...n, es_text: "es 1" }, "es")).toBe("es 1");
    expect(notificationText({ ...n, es_text: "es 1" }, "ru")).toBe("ru 1");
  });
});
