import type { Locator, Page } from "playwright-core";

/**
 * The visible input of the date field posted as `name`. The server renders a native `<input type="date">`
 * (JS off, and JS on until the picker's code arrives); hydrated, @mantine/dates' DateInput shows the date in
 * the user's language and a hidden input posts it as `YYYY-MM-DD` under `name`.
 */
export function dateInput(scope: Page | Locator, name: string): Locator {
  return scope.locator(`input[type="date"][name="${name}"], input[data-date-for="${name}"]`);
}

/**
 * Types an ISO date (`2026-04-30`) into the date field posted as `name`, in either face (the picker reads
 * ISO as typed), and leaves the field so the picker's calendar closes and cannot cover the next control.
 */
export async function fillDate(scope: Page | Locator, name: string, iso: string): Promise<void> {
  const input = dateInput(scope, name);
  await input.fill(iso);
  await input.blur();
}

/** What the date field posts (the native input's value, or the picker's hidden input). */
export function postedDate(scope: Page | Locator, name: string): Promise<string> {
  return scope.locator(`input[name="${name}"]`).inputValue();
}
