import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import * as cargo from "./index";

describe("cargo/ public surface", () => {
  it("exports the domain functions", () => {
    for (const name of [
      "localToUtc",
      "utcToLocal",
      "offsetMinutesAt",
      "formatOffset",
      "parseFlightNumber",
      "numberWithDate",
      "parseNumberWithDate",
      "FLIGHT_TYPES",
      "expandSchedule",
      "parseDaysOfWeek",
      "formatDaysOfWeek",
      "segmentCapacity",
      "allotmentHeld",
      "checkConnection",
      "findTrips",
      "groupTrips",
      "volumeFromDimensions",
      "chargeableWeight",
      "checkAwbNumber",
      "awbNumberFromSerial",
      "densityGroup",
      "checkShipment",
    ]) {
      expect(cargo, name).toHaveProperty(name);
    }
  });

  // DESIGN §1: small pure npm libraries only where they do the job better than our own code: exact decimals for money
  // (decimal.js) and the ISO 4217 table of currencies with their minor units (currency-codes, data and a lookup)
  const PURE_PACKAGES = new Set(["decimal.js", "currency-codes"]);

  it("stays pure: no imports from outside cargo/, no node: modules, no npm packages but the pure ones DESIGN §1 allows", () => {
    const root = path.dirname(new URL(import.meta.url).pathname);
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = path.join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith(".ts") && !p.endsWith(".test.ts")) files.push(p);
      }
    };
    walk(root);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      for (const m of source.matchAll(/\bfrom\s+["']([^"']+)["']/g)) {
        const spec = m[1]!;
        if (PURE_PACKAGES.has(spec)) continue;
        expect(spec.startsWith("."), `${path.relative(root, file)} imports ${spec}`).toBe(true);
        expect(path.resolve(path.dirname(file), spec).startsWith(root), `${path.relative(root, file)} imports ${spec}`).toBe(true);
      }
    }
  });
});
