import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/open";
import { receptacleMovements, receptacles, segments } from "../db/schema";
import { movementRow } from "./movements";
import { formatReceptacleUid } from "./uid";

// Postal receptacles in the demo (issue 11): mail dispatches from the Moscow office of exchange on the first S7 DME→OVB
// and SU SVO→LED / SVO→AER flights, each receptacle put on its flight (MAN at the origin, 6 hours before departure),
// and one dispatch accepted and still waiting for a flight. Letters (UN) and parcels (CN), a registered bag among
// them, with realistic weights; the UIDs are built from these parts, so they are valid UPU S9 identifiers.

type Tx = Pick<Db, "select" | "insert">;

interface DemoDispatch {
  /** The flight by number; its first coming date (null: not yet on a flight). */
  flight: string | null;
  origin: string;
  destination: string;
  category: "A" | "B" | "C" | "D";
  subclass: string;
  dispatch: string;
  /** weight (kg) and registered flag of each receptacle, numbered 001, 002, ... */
  bags: Array<[number, "0" | "1" | "9"]>;
}

const DISPATCHES: DemoDispatch[] = [
  { flight: "S70101", origin: "RUMOWA", destination: "RUOVBA", category: "A", subclass: "UN", dispatch: "0412", bags: [[12.4, "0"], [18.9, "0"], [7.5, "1"]] },
  { flight: "S70101", origin: "RUMOWA", destination: "RUOVBA", category: "A", subclass: "CN", dispatch: "0087", bags: [[27.3, "0"], [22.6, "0"]] },
  { flight: "SU0026", origin: "RUMOWA", destination: "RULEDA", category: "A", subclass: "UN", dispatch: "1130", bags: [[15.2, "0"], [9.8, "1"]] },
  { flight: "SU1120", origin: "RUMOWA", destination: "RUAERA", category: "A", subclass: "EM", dispatch: "0219", bags: [[6.1, "0"]] },
  { flight: null, origin: "RUMOWA", destination: "RUKJAA", category: "A", subclass: "UN", dispatch: "0415", bags: [[11.7, "0"], [14.0, "0"]] },
];

const HOURS_BEFORE_STD = 6;

export async function seedDemoReceptacles(tx: Tx, today: string) {
  const numbers = [...new Set(DISPATCHES.flatMap((d) => (d.flight ? [d.flight] : [])))];
  const flights = await tx.select().from(segments).where(and(inArray(segments.number, numbers), eq(segments.flight_date, today))).orderBy(asc(segments.std));
  const yearDigit = today.slice(3, 4);
  for (const d of DISPATCHES) {
    const segment = d.flight ? flights.find((s) => s.number === d.flight) : undefined;
    if (d.flight && !segment) continue;
    const rows = await tx
      .insert(receptacles)
      .values(
        d.bags.map(([weight, registered], i) => {
          const parts = {
            post_office_origin: d.origin,
            post_office_destination: d.destination,
            mail_category: d.category,
            mail_subclass: d.subclass,
            dispatch_number: d.dispatch,
            receptacle_number: String(i + 1).padStart(3, "0"),
            last_in_dispatch: i === d.bags.length - 1,
            registered,
            weight,
          };
          return { ...parts, uid: formatReceptacleUid({ ...parts, year_digit: yearDigit }), segment_id: segment?.id ?? null, carrier: segment?.carrier ?? null };
        }),
      )
      .returning();
    if (segment) {
      const at = new Date(+segment.std - HOURS_BEFORE_STD * 3_600_000);
      await tx.insert(receptacleMovements).values(rows.map((r) => movementRow("MAN", r, segment, at, null)));
    }
  }
}
