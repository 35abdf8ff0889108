/**
 * What the virtual users were told: every air waybill a create answered with (its number from the redirect, read
 * back on its page with the "created" notice), every booking that page listed, and every booking answer the airline
 * desk was told was recorded. The reconciliation checks each against the database afterwards; the journeys also pick
 * their next records from here (a waybill to open, confirmed cargo to receive and manifest).
 */

export interface ToldBooking {
  mawb: string;
  /** "S70101/26NOV26": the flight as the waybill page names it. */
  flight: string;
  /** KK, LL, NN, ... as the page said it. */
  status: string;
}

export interface ToldAnswer {
  mawb: string;
  flight: string;
  status: "KK";
}

export class ToldLedger {
  private readonly numbers: string[] = [];
  private readonly told = new Set<string>();
  /** mawb → the bookings its page listed right after its create (absent when the run ended before that page). */
  readonly bookings = new Map<string, ToldBooking[]>();
  readonly answers: ToldAnswer[] = [];
  /** flight → waybills the users were told are confirmed (KK) on it, at creation or by an answer. */
  private readonly confirmed = new Map<string, Set<string>>();
  /** Creates answered with a number the users had already been told about. */
  repeatedNumbers = 0;
  /** Saves posted twice at once with the same form (a double click). */
  doubleClicks = 0;
  /** Double clicks whose two posts led to two different waybills: duplicates the user never asked for. */
  readonly splitDoubleClicks: string[] = [];

  private confirm(flight: string, mawb: string): void {
    let set = this.confirmed.get(flight);
    if (!set) this.confirmed.set(flight, (set = new Set()));
    set.add(mawb);
  }

  /** The create's redirect named `mawb`: the user was told it exists, whatever happens next. */
  waybillCreated(mawb: string): void {
    if (this.told.has(mawb)) {
      this.repeatedNumbers++;
      return;
    }
    this.told.add(mawb);
    this.numbers.push(mawb);
  }

  /** The waybill's page, opened after its create, listed these bookings. */
  bookingsShown(mawb: string, bookings: ToldBooking[]): void {
    this.bookings.set(mawb, bookings);
    for (const b of bookings) if (b.status === "KK") this.confirm(b.flight, b.mawb);
  }

  bookingConfirmed(answer: ToldAnswer): void {
    this.answers.push(answer);
    this.confirm(answer.flight, answer.mawb);
  }

  get waybills(): readonly string[] {
    return this.numbers;
  }

  /** A waybill the users were told about, picked by `random` (0 ≤ r < 1); undefined before the first one. */
  someWaybill(random: number): string | undefined {
    return this.numbers[Math.floor(random * this.numbers.length)];
  }

  /** Waybills the users were told are confirmed on `flight` ("S70101/26NOV26"). */
  confirmedOn(flight: string): ReadonlySet<string> {
    return this.confirmed.get(flight) ?? new Set();
  }

  /** Flights with confirmed waybills of this run. */
  flightsWithConfirmed(): string[] {
    return [...this.confirmed.keys()];
  }

  allBookings(): ToldBooking[] {
    return [...this.bookings.values()].flat();
  }
}
