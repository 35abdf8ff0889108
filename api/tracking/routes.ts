import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkAwbNumber } from "../../cargo";
import { clientAddressOf } from "../auth/client-address";
import { carrierFromHeader } from "../auth/tenant";
import { notFound, refuse } from "../http/errors";
import { TEXT_MAX } from "../http/input";
import { rateWindow } from "../http/rate-window";
import { ErrorSchema, IsoDateTime } from "../http/schemas";
import { trackShipment } from "./lookup";

// GET api/v3/tracking/{mawb} (spec 3 §7, issue 11): public track and trace, no bearer token. Every lookup — found or
// not — spends the client address's budget (TRACKING_RATE_LIMIT per minute), so the route cannot be used to walk the
// number space; past it, 429 with Retry-After before any database work.

const Airport = z.object({ iata: z.string(), name: z.string().nullable(), city_name: z.string().nullable() });
export const TrackedShipmentSchema = z.object({
  mawb: z.string(),
  origin: Airport,
  destination: Airport,
  shcs: z.array(z.string()),
  pieces: z.number().int(),
  weight: z.number(),
  volume: z.number().nullable(),
  legs: z.array(z.object({ flight: z.string(), origin_iata: z.string(), destination_iata: z.string(), std: IsoDateTime, sta: IsoDateTime })),
  movements: z.array(
    z.object({
      status_code: z.string(),
      active: z.boolean(),
      location_iata: z.string(),
      flight: z.string().nullable(),
      pieces: z.number().int(),
      weight: z.number(),
      time_utc: IsoDateTime,
    }),
  ),
});

export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.deps;
  const budget = rateWindow({ limit: config.TRACKING_RATE_LIMIT, windowSeconds: 60, now });

  app.get(
    "/api/v3/tracking/:mawb",
    {
      schema: {
        tags: ["tracking"],
        summary: "Public track and trace: the route, pieces, weight and movements of one air waybill (no sign-in)",
        description: "On an airline's site (Carrier header) only that airline's waybills. Rate-limited per client address.",
        params: z.object({ mawb: z.string().max(TEXT_MAX.code * 4).describe("the number in any written form: 421-12345675, 42112345675") }),
        response: { 200: TrackedShipmentSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const taken = budget.take(clientAddressOf(request, config.CLIENT_ADDRESS_SECRET));
      if (!taken.allowed) {
        throw refuse(429, "too_many_tracking_requests", {}, { headers: { "retry-after": String(taken.retryAfterSeconds) } });
      }
      const check = checkAwbNumber(request.params.mawb);
      if (!check.valid) throw notFound("record_not_found");
      reply.header("cache-control", "no-store");
      return trackShipment(db, check.mawb, carrierFromHeader(request));
    },
  );
};
