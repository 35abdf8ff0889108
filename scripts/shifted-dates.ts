/**
 * The dates that broke date maths before (issue 8 §1, issue 20): the date-dependent tests (tests/dated-tests.ts) run
 * with the service's clock (CARGO_NOW) on one of them in `npm test`, and on all of them in `npm run test:dates`.
 */
export const SHIFTED_DATES = [
  "2027-04-30T12:00:00Z", // the last day of a month
  "2028-02-29T10:00:00Z", // 29 February
  "2027-10-31T01:30:00Z", // the day Europe leaves summer time
  "2026-12-31T23:30:00Z", // 31 December, 23:30 UTC (already 1 January east of Greenwich)
  "2027-03-14T09:00:00Z", // a Sunday
] as const;

/** Today's shifted date: chosen by the day of the month (day % 5), so that a daily run meets every one within a week. */
export const shiftedDateOfToday = (): string => SHIFTED_DATES[new Date().getUTCDate() % SHIFTED_DATES.length]!;
