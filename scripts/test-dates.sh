#!/usr/bin/env bash
# The suite on shifted dates (issue 8 §1): `npm test` (vitest, then the e2e journeys) with the service's clock
# (CARGO_NOW: API, BFF, seed, e2e server and browsers) set to each date that has broken date maths before.
#   bash scripts/test-dates.sh            all five, one after the other (npm run test:dates)
#   bash scripts/test-dates.sh --rotate   one of them, chosen by today's day of the month (day % 5), so that
#                                         a daily CI run exercises every date within a week (.ci/run)
set -euo pipefail
cd "$(dirname "$0")/.."

DATES=(
  2027-04-30T12:00:00Z # the last day of a month
  2028-02-29T10:00:00Z # 29 February
  2027-10-31T01:30:00Z # the day Europe leaves summer time
  2026-12-31T23:30:00Z # 31 December, 23:30 UTC (already 1 January east of Greenwich)
  2027-03-14T09:00:00Z # a Sunday
)

if [[ "${1:-}" == "--rotate" ]]; then
  day=$((10#$(date -u +%d)))
  DATES=("${DATES[$((day % ${#DATES[@]}))]}")
fi

for when in "${DATES[@]}"; do
  printf '\n==> npm test with CARGO_NOW=%s\n' "$when"
  started=$SECONDS
  CARGO_NOW="$when" npm test
  printf '==> CARGO_NOW=%s passed in %d s\n' "$when" $((SECONDS - started))
done
