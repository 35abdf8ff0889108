import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { awbMovements } from "../db/schema";
import { TEXT_MAX } from "../http/input";
import { ErrorSchema } from "../http/schemas";
import { findVisible, mawbOf } from "../air-waybills/access";
import { receivedDifference } from "./difference";

// GET /{mawb}/verification_movement_difference (spec 3 §7; issue 11): declared against received figures, per station,
// for whoever may read the waybill (outside its tenancy: 404). The shipment page shows a warning when any differs.

const tags = ["air waybills", "handling"];
const MawbParams = z.object({ mawb: z.string().max(TEXT_MAX.code * 4) });

const FiguresSchema = z.object({ pieces: z.number().int(), weight: z.number(), volume: z.number().nullable() });

export const MovementDifferenceSchema = z.object({
  mawb: z.string(),
  weight_code: z.string(),
  volume_code: z.string(),
  declared: FiguresSchema,
  stations: z
    .array(z.object({ location_iata: z.string(), received: FiguresSchema, difference: FiguresSchema.describe("received − declared"), differs: z.boolean() }))
    .describe("each station with standing RCS movements, by IATA code; empty until the cargo is received"),
  has_difference: z.boolean(),
});

/** A waybill has at most a few RCS per flight; this bounds the read whatever the history holds. */
const MAX_ROWS = 1000;

export const receivedFigureRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  app.get(
    "/api/v3/air_waybills/:mawb/verification_movement_difference",
    {
      schema: {
        tags,
        summary: "Declared pieces, weight and volume against those received (the sum of standing RCS movements) at each station",
        params: MawbParams,
        response: { 200: MovementDifferenceSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const awb = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      const rows = await db
        .select({ location_iata: awbMovements.location_iata, pieces: awbMovements.pieces, weight: awbMovements.weight, volume: awbMovements.volume })
        .from(awbMovements)
        .where(and(eq(awbMovements.air_waybill_id, awb.id), eq(awbMovements.status_code, "RCS"), eq(awbMovements.deactivated, false)))
        .limit(MAX_ROWS);
      const declared = { pieces: awb.pieces, weight: awb.weight, volume: awb.volume };
      const stations = receivedDifference(declared, rows);
      return { mawb: awb.mawb, weight_code: awb.weight_code, volume_code: awb.volume_code, declared, stations, has_difference: stations.some((s) => s.differs) };
    },
  );
};
