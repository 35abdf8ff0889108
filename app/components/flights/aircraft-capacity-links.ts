/**
 * The aircraft page of a type (spec 1 §2 "/aircrafts/:aircraft"). Platform users may see several airlines' rows
 * of one type, so their links name the airline (`?carrier=`); airline users always see their own.
 */
export function aircraftCapacityHref(aircraftType: string, carrier?: string): string {
  const path = `/dashboard/aircrafts/${encodeURIComponent(aircraftType)}`;
  return carrier ? `${path}?carrier=${encodeURIComponent(carrier)}` : path;
}

/** The capacities list with the add dialog open, the type prefilled (from a flight whose type has none). */
export function addAircraftCapacityHref(aircraftType?: string | null): string {
  const params = new URLSearchParams({ dialog: "new" });
  if (aircraftType) params.set("aircraft_type", aircraftType);
  return `/dashboard/settings/capacities?${params}`;
}
