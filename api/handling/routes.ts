import type { FastifyPluginAsync } from "fastify";
import { awbMovementRoutes } from "./awb-movements";
import { flightEventRoutes } from "./flight-events";
import { preManifestRoutes } from "./pre-manifest";
import { receivingRoutes } from "./receiving";
import { segmentBookingRoutes } from "./segment-bookings";

// Handling on the flight (issue 11): booking several waybills on a flight, receiving, the ready-to-go list, the
// pre-manifest (build-up), departure and arrival, and a waybill's movements by hand. Who may: access.ts; every
// movement is written by movements.ts.
export const handlingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(segmentBookingRoutes);
  await app.register(receivingRoutes);
  await app.register(preManifestRoutes);
  await app.register(flightEventRoutes);
  await app.register(awbMovementRoutes);
};
