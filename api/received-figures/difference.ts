// The difference between what a waybill declares and what its stations received (spec 3 §7 GET
// /{id}/verification_movement_difference; issue 11). A station's received figures are the sum of its standing RCS
// movements (api/handling/receiving.ts writes one per flight received there; taking it off the received list
// deactivates it), so a waybill received in parts on several flights from one station counts every part. Each
// station is compared with the declared figures on its own: cargo received at origin and again at a transfer point
// is the same cargo twice, never twice the cargo.

export interface Figures {
  pieces: number;
  weight: number;
  /** null: no RCS of the station carried a volume (receiving counts pieces and weight only). */
  volume: number | null;
}

export interface StationDifference {
  location_iata: string;
  received: Figures;
  /** received − declared; 0 when equal (volume null when it was not measured). */
  difference: Figures;
  differs: boolean;
}

export interface ReceivedRow {
  location_iata: string;
  pieces: number;
  weight: number;
  volume: number | null;
}

/** Weights and volumes are kept to three decimals: sums of doubles are not exact, a gram is not a difference. */
const round = (n: number) => Math.round(n * 1000) / 1000;

export function receivedDifference(declared: Figures, rows: ReceivedRow[]): StationDifference[] {
  const stations = new Map<string, Figures>();
  for (const r of rows) {
    const sum = stations.get(r.location_iata) ?? { pieces: 0, weight: 0, volume: null };
    sum.pieces += r.pieces;
    sum.weight += r.weight;
    if (r.volume !== null) sum.volume = (sum.volume ?? 0) + r.volume;
    stations.set(r.location_iata, sum);
  }
  return [...stations.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([location_iata, sum]) => {
      const received = { pieces: sum.pieces, weight: round(sum.weight), volume: sum.volume === null ? null : round(sum.volume) };
      const difference = {
        pieces: received.pieces - declared.pieces,
        weight: round(received.weight - declared.weight),
        volume: received.volume === null || declared.volume === null ? null : round(received.volume - declared.volume),
      };
      return { location_iata, received, difference, differs: difference.pieces !== 0 || difference.weight !== 0 || (difference.volume ?? 0) !== 0 };
    });
}
