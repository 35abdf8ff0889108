import { Decimal, decimalOfStored, sumAmounts, toMinorUnits } from "../../cargo/money/money";
import { chargesOf, type AwbCharges } from "./charges";
import { issueDateOf, type IssuedWaybill } from "./issued-waybills";

// The CASS billing file (spec 3 §7 GET air_waybills.cass and /{id}.cass, default name awb_cass_report.hue): fixed-width
// ASCII records of RECORD_LENGTH characters, CRLF-terminated, in the order
//   H (header, one) · A (air waybill) each followed by its C (other charge) records · T (trailer, one per currency) · Z (end).
// Every field, its position and its format are listed in api/README.md "CASS billing file"; the positions below are
// that table. Numbers are right-aligned and zero-filled; amounts are whole minor units of the record's currency, its ISO
// 4217 decimals implied (RUB 2: 1234.50 is 123450; JPY 0: 5000 is 5000; KWD 3: 12.345 is 12345); weights
// are tenths of a kilogramme (or pound, as the waybill's weight code says). Text is left-aligned, space-filled, upper
// case ASCII (anything else becomes "?").

export const RECORD_LENGTH = 160;
export const CASS_FILE = "awb_cass_report.hue";
const EOL = "\r\n";

type Field = [width: number, value: string | number | Decimal | null | undefined, kind: "A" | "N"];

/** One record: the fields in order, padded to RECORD_LENGTH. A value wider than its field is a defect, never cut. */
export function record(fields: Field[]): string {
  let out = "";
  for (const [width, value, kind] of fields) {
    if (kind === "N") {
      // an amount (a Decimal of minor units) is written from its digits, never through a binary number
      const n = value instanceof Decimal ? Decimal.max(0, value).toFixed(0) : String(Math.max(0, Math.round(Number(value ?? 0))));
      const text = n.padStart(width, "0");
      if (text.length > width) throw new Error(`CASS: ${n} does not fit ${width} digits`);
      out += text;
    } else {
      out += String(value ?? "")
        .toUpperCase()
        .replace(/[^\x20-\x7e]/g, "?")
        .slice(0, width)
        .padEnd(width, " ");
    }
  }
  if (out.length > RECORD_LENGTH) throw new Error("CASS: record longer than RECORD_LENGTH");
  return out.padEnd(RECORD_LENGTH, " ");
}

const ymd = (isoDate: string) => isoDate.replaceAll("-", "");
const tenths = (v: number | null | undefined) => Math.round((v ?? 0) * 10);
const serialOf = (mawb: string) => mawb.slice(mawb.indexOf("-") + 1);

export interface CassPeriod {
  prefix: string;
  carrier: string;
  from: string;
  to: string;
  /** When the file was made (the API's clock). */
  now: Date;
  /** awb: the waybill records only, without their other charges. */
  recordType: "all" | "awb";
}

/** What the trailer of one currency adds up. */
interface CurrencyTotals {
  waybills: number;
  charges: number;
  pieces: number;
  weight: number;
  chargeable: number;
  /** Amounts in the currency's minor units. */
  weightCharge: Decimal;
  valuation: Decimal;
  tax: Decimal;
  dueAgent: Decimal;
  dueCarrier: Decimal;
  prepaid: Decimal;
  collect: Decimal;
}

type MinorFigures = ReturnType<typeof minorFigures>;

/** The charge figures of a waybill record, in its currency's minor units. */
function minorFigures(c: AwbCharges) {
  const minor = (amount: Decimal) => toMinorUnits(amount, c.currency);
  return {
    weightCharge: minor(c.weightCharge),
    valuation: minor(c.valuationCharge),
    tax: minor(c.tax),
    dueAgent: minor(c.dueAgent.prepaid.plus(c.dueAgent.collect)),
    dueCarrier: minor(c.dueCarrier.prepaid.plus(c.dueCarrier.collect)),
    prepaid: minor(c.totalPrepaid),
    collect: minor(c.totalCollect),
  };
}

/** Writes the file a chunk of waybills at a time: `header()`, `add(chunk)` as often as needed, `end()`. */
export class CassWriter {
  private readonly totals = new Map<string, CurrencyTotals>();
  private records = 0;
  private waybills = 0;

  constructor(private readonly period: CassPeriod) {}

  private line(text: string): string {
    this.records++;
    return text + EOL;
  }

  header(): string {
    const p = this.period;
    const iso = p.now.toISOString();
    return this.line(
      record([
        [1, "H", "A"],
        [4, "CASS", "A"],
        [3, p.prefix, "A"],
        [2, p.carrier, "A"],
        [8, ymd(p.from), "A"],
        [8, ymd(p.to), "A"],
        [8, ymd(iso.slice(0, 10)), "A"],
        [6, iso.slice(11, 19).replaceAll(":", ""), "A"],
        [10, "CARGODESK", "A"],
        [2, "01", "A"],
      ]),
    );
  }

  add(chunk: IssuedWaybill[]): string {
    let out = "";
    for (const w of chunk) {
      const c = chargesOf(w);
      const m = minorFigures(c);
      out += this.line(this.waybillRecord(w, c, m));
      this.count(w, c, m);
      if (this.period.recordType === "awb") continue;
      for (const charge of w.other_charges) {
        out += this.line(
          record([
            [1, "C", "A"],
            [3, w.prefix, "N"],
            [8, serialOf(w.mawb), "N"],
            [3, charge.code, "A"],
            [1, charge.due, "A"],
            [1, charge.payment, "A"],
            [3, c.currency, "A"],
            [12, toMinorUnits(decimalOfStored(charge.amount), c.currency), "N"],
          ]),
        );
        this.totals.get(c.currency)!.charges++;
      }
    }
    return out;
  }

  private waybillRecord(w: IssuedWaybill, c: AwbCharges, m: MinorFigures): string {
    return record([
      [1, "A", "A"],
      [3, w.prefix, "N"],
      [8, serialOf(w.mawb), "N"],
      [8, ymd(issueDateOf(w)), "A"],
      [3, w.origin_iata, "A"],
      [3, w.destination_iata, "A"],
      [11, w.forwarder_iata_code, "A"],
      [10, w.forwarder_short_name, "A"],
      [6, w.pieces, "N"],
      [8, tenths(w.weight), "N"],
      [1, w.weight_code, "A"],
      [8, tenths(w.charge_weight), "N"],
      [3, c.currency, "A"],
      [1, c.wtVal, "A"],
      [1, w.other_charges_payment === "C" ? "C" : "P", "A"],
      [12, m.weightCharge, "N"],
      [12, m.valuation, "N"],
      [12, m.tax, "N"],
      [12, m.dueAgent, "N"],
      [12, m.dueCarrier, "N"],
      [12, m.prepaid, "N"],
      [12, m.collect, "N"],
      [1, w.rating[0]?.rate_class_code ?? "", "A"],
    ]);
  }

  private count(w: IssuedWaybill, c: AwbCharges, m: MinorFigures): void {
    this.waybills++;
    const zero = new Decimal(0);
    let t = this.totals.get(c.currency);
    if (!t) {
      t = { waybills: 0, charges: 0, pieces: 0, weight: 0, chargeable: 0, weightCharge: zero, valuation: zero, tax: zero, dueAgent: zero, dueCarrier: zero, prepaid: zero, collect: zero };
      this.totals.set(c.currency, t);
    }
    t.waybills++;
    t.pieces += w.pieces;
    t.weight += tenths(w.weight);
    t.chargeable += tenths(w.charge_weight);
    for (const key of ["weightCharge", "valuation", "tax", "dueAgent", "dueCarrier", "prepaid", "collect"] as const) t[key] = sumAmounts([t[key], m[key]]);
  }

  /** The trailers (one per currency, in code order) and the end record. */
  end(): string {
    let out = "";
    for (const [currency, t] of [...this.totals].sort(([a], [b]) => a.localeCompare(b))) {
      out += this.line(
        record([
          [1, "T", "A"],
          [3, currency, "A"],
          [7, t.waybills, "N"],
          [7, t.charges, "N"],
          [9, t.pieces, "N"],
          [11, t.weight, "N"],
          [11, t.chargeable, "N"],
          [14, t.weightCharge, "N"],
          [14, t.valuation, "N"],
          [14, t.tax, "N"],
          [14, t.dueAgent, "N"],
          [14, t.dueCarrier, "N"],
          [14, t.prepaid, "N"],
          [14, t.collect, "N"],
        ]),
      );
    }
    // the end record counts itself
    out += this.line(record([[1, "Z", "A"], [9, this.records + 1, "N"], [7, this.waybills, "N"]]));
    return out;
  }
}
