import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/forms/safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/dashboard/profile", "/dashboard/profile"],
    ["/dashboard/settings/users?page=2", "/dashboard/settings/users?page=2"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example", "/"],
    ["dashboard", "/"],
    [null, "/"],
    ["", "/"],
  ])("%s → %s", (target, expected) => {
    expect(safeRedirect(target, "/")).toBe(expected);
  });
});
