/**
 * Density of a consignment and the Cargo-IMP density group a booking carries (FFR/FBL "DG" indicator): each group
 * code stands for a nominal density in kg/m³, and a booking names the group nearest to the cargo's own density.
 */

/** Cargo-IMP density group codes and the density each stands for, kg/m³ (code 7 is not assigned). */
export const DENSITY_GROUPS: Readonly<Record<number, number>> = {
  0: 160,
  1: 300,
  2: 90,
  3: 120,
  4: 220,
  5: 60,
  6: 250,
  8: 400,
  9: 600,
  10: 950,
};

/** kg per m³, or null when there is no volume to divide by. */
export function densityKgPerM3(weightKg: number, volumeM3: number): number | null {
  if (!Number.isFinite(weightKg) || !Number.isFinite(volumeM3) || weightKg < 0 || volumeM3 < 0) {
    throw new RangeError(`Invalid weight or volume: ${weightKg} kg, ${volumeM3} m³`);
  }
  return volumeM3 > 0 ? weightKg / volumeM3 : null;
}

/**
 * The group whose nominal density is nearest to `kgPerM3`; between two equally near, the lighter one (the cargo
 * is then booked as taking more room, never less). Null for an unknown density (no volume).
 */
export function densityGroup(kgPerM3: number | null): number | null {
  if (kgPerM3 === null) return null;
  if (!Number.isFinite(kgPerM3) || kgPerM3 < 0) throw new RangeError(`Invalid density: ${kgPerM3}`);
  let best: { code: number; distance: number; density: number } | null = null;
  for (const [code, density] of Object.entries(DENSITY_GROUPS)) {
    const distance = Math.abs(density - kgPerM3);
    if (!best || distance < best.distance || (distance === best.distance && density < best.density)) {
      best = { code: Number(code), distance, density };
    }
  }
  return best!.code;
}
