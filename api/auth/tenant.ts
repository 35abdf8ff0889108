import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/open";
import { airlines } from "../db/schema";
import type { Airline } from "../db/tables/airlines";

/** The tenant code from the `Carrier` header, upper case like airlines.carrier; null on the default tenant. */
export function carrierFromHeader(request: FastifyRequest): string | null {
  const raw = request.headers.carrier;
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value.toUpperCase() : null;
}

export async function findAirline(db: Db, carrier: string): Promise<Airline | null> {
  const [airline] = await db.select().from(airlines).where(eq(airlines.carrier, carrier.toUpperCase())).limit(1);
  return airline ?? null;
}
