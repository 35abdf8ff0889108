/**
 * The tests whose outcome can depend on the date they run on: `npm test` runs them with the service's clock
 * (CARGO_NOW) on one of the shifted dates of scripts/shifted-dates.ts (scripts/test-all.ts), `npm run test:dates` on
 * all of them. Everything else runs on today's date.
 *
 * The lists are checked (tests/unit/dated-tests.test.ts): a test file that reads the clock (see CLOCK_READS) and is
 * missing here fails the suite, and so does an entry naming no file. Paths are relative to the repository's root.
 */

/** Vitest files (unit, BFF, API): every file CLOCK_READS finds, in it or in a test helper it imports. */
export const DATED_VITEST_FILES: readonly string[] = [
  "cargo/time/zoned-time.test.ts",
  "tests/api/agreements-companies.test.ts",
  "tests/api/air-waybills.test.ts",
  "tests/api/attachment-stores.test.ts",
  "tests/api/awb-stocks.test.ts",
  "tests/api/awb-warnings.test.ts",
  "tests/api/bad-input.test.ts",
  "tests/api/booked-movements.test.ts",
  "tests/api/bookings.test.ts",
  "tests/api/cimp-telegrams.test.ts",
  "tests/api/customs-filings.test.ts",
  "tests/api/database-outage.test.ts",
  "tests/api/documents.test.ts",
  "tests/api/flights-capacity.test.ts",
  "tests/api/flights-segments.test.ts",
  "tests/api/flights-trips.test.ts",
  "tests/api/handling.test.ts",
  "tests/api/idempotency.test.ts",
  "tests/api/incoming-messages.test.ts",
  "tests/api/job-queue.test.ts",
  "tests/api/mail-queue.test.ts",
  "tests/api/movement-difference.test.ts",
  "tests/api/oauth-password.test.ts",
  "tests/api/offers.test.ts",
  "tests/api/outgoing-messages.test.ts",
  "tests/api/passwords.test.ts",
  "tests/api/provider-sign-in.test.ts",
  "tests/api/receptacles.test.ts",
  "tests/api/segment-messages.test.ts",
  "tests/api/shipper-letters.test.ts",
  "tests/api/ssim-telegrams.test.ts",
  "tests/api/statistics-uploads.test.ts",
  "tests/api/telegram-bookings.test.ts",
  "tests/api/terminal-request.test.ts",
  "tests/api/waybill-rates.test.ts",
  "tests/bff/agent-air-waybills.test.ts",
  "tests/bff/agreement-state.test.ts",
  "tests/bff/awb-create.test.ts",
  "tests/bff/awb-detail.test.ts",
  "tests/bff/booking-checks.test.ts",
  "tests/bff/dates.test.ts",
  "tests/bff/documents.test.ts",
  "tests/bff/flight-form.test.ts",
  "tests/bff/flight-handling.test.ts",
  "tests/bff/flight-customs.test.ts",
  "tests/bff/flight-page.test.ts",
  "tests/bff/flights-list.test.ts",
  "tests/bff/flights-settings.test.ts",
  "tests/bff/offers-select.test.ts",
  "tests/bff/one-pass-forms.test.ts",
  "tests/bff/reactions-and-access.test.ts",
  "tests/bff/receptacles.test.ts",
  "tests/bff/settings-a.test.ts",
  "tests/bff/shipment-documents.test.ts",
  "tests/bff/shipment-handover.test.ts",
  "tests/bff/shipments-list.test.ts",
  "tests/bff/ssim-telegrams.test.ts",
  "tests/unit/clock.test.ts",
];

/**
 * Browser journeys that work on dated records (flights, bookings, handling, void requests, reports and lists by
 * date), named by what they do, and every journey that reads the clock.
 */
export const DATED_E2E_JOURNEYS: readonly string[] = [
  "tests/e2e/air-waybills.test.ts", // waybills booked on the demo flights of the coming days
  "tests/e2e/awb-create-form.test.ts", // the waybill form books on flights of the coming days
  "tests/e2e/bookings.test.ts", // requests answered KK/UU on flights that have not left
  "tests/e2e/cimp-telegrams.test.ts", // an FSU dated five minutes ago on the station's clock
  "tests/e2e/dates.test.ts", // dates and times typed, posted and shown, local and UTC
  "tests/e2e/double-submission.test.ts", // waybills saved, with their flights, twice
  "tests/e2e/flight-create.test.ts", // single, regular and schedule flights from today on
  "tests/e2e/flight-handling.test.ts", // receive, build up, depart a flight of today
  "tests/e2e/flight-page.test.ts", // a regular schedule created, one of its flights locked
  "tests/e2e/flights-list.test.ts", // the current tab (flights not yet departed) and its times
  "tests/e2e/flights-settings.test.ts", // allotments and booking rules with validity periods
  "tests/e2e/notices.test.ts", // a notice's 2500 ms on the browser's clock
  "tests/e2e/offers-select.test.ts", // the booking search by date
  "tests/e2e/prices.test.ts", // a tariff in force from today, a flight of the coming days
  "tests/e2e/shipments-lists.test.ts", // shipments lists with their dates, the XLSX report
  "tests/e2e/ssim-telegrams.test.ts", // a schedule's flights created for the year from today
  "tests/e2e/void-and-houses.test.ts", // void requests and house waybills of dated shipments
];

/**
 * What reading the clock looks like in a test or a test helper: the system clock, the service's configured one
 * (CARGO_NOW and the helpers that read it), an API test's own clock, and the seed's dates relative to "today".
 * A harness that only hands the clock or the seeded database out (CLOCK_HARNESSES) is not counted for the files
 * importing it: their use of what it exports is.
 */
export const CLOCK_READS: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /\bDate\.now\(/, what: "Date.now()" },
  { pattern: /\bnew Date\(\s*\)/, what: "new Date() without an argument" },
  { pattern: /\bCARGO_NOW\b/, what: "CARGO_NOW" },
  { pattern: /["'][./~]*(?:api|app\/lib|lib)\/clock(?:\.server)?["']/, what: "the clock module" },
  { pattern: /\b(?:configuredNow|seedToday|serviceNow|configuredClock|systemClock|clockStartingAt|e2eClockOffsetMs)\b/, what: "the configured clock" },
  { pattern: /\b(?:clockStart|testClock)\b|\.clock\(\)/, what: "an API test's clock" },
  { pattern: /\.today\b|\b(?:demoAgreements|demoBaggageStats|previousMonthOf)\b/, what: "the seed's relative dates" },
];

/** Test helpers that hand the clock or the seeded database out (see CLOCK_READS). */
export const CLOCK_HARNESSES: readonly string[] = [
  "tests/api/helpers.ts",
  "tests/bff/harness.ts",
  "tests/e2e/helpers.ts",
  "tests/prepared-database.ts",
];
