import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { TARIFFS } from "../../cargo/access/rules";
import { contentDisposition } from "../../cargo/files/content-disposition";
import { allowRule } from "../auth/access-rules";
import { utcDateOf } from "../clock";
import { XLSX_TYPE } from "../settings/uploads";
import { CHARGES_KIND } from "./charges";
import { priceSheet } from "./price-routes";
import { priceWorkbook } from "./price-sheet";
import { priceViewer } from "./price-visibility";
import { SURCHARGES_KIND } from "./surcharges";
import { TARIFFS_KIND } from "./tariffs";

// GET billing.xlsx (spec 3 §7 "Billing"): the caller's whole price book in one file, a sheet each for tariffs,
// charges and surcharges, as the caller may see them (a forwarder: those that may price its account).

export const billingWorkbookRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  app.get("/api/v3/billing.xlsx", { schema: { tags: ["billing"], summary: "Tariffs, charges and surcharges the caller may see, one sheet each (billing.xlsx)", produces: [XLSX_TYPE] } }, async (request, reply) => {
    allowRule(request, TARIFFS, "read_tariffs");
    const viewer = await priceViewer(db, request);
    const today = utcDateOf(app.deps.now());
    const sheets = [await priceSheet(db, TARIFFS_KIND, viewer, today), await priceSheet(db, CHARGES_KIND, viewer, today), await priceSheet(db, SURCHARGES_KIND, viewer, today)];
    return reply.type(XLSX_TYPE).header("content-disposition", contentDisposition("billing.xlsx")).send(await priceWorkbook(sheets));
  });
};
