import { loadExcelJS } from "../on-first-use";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { TEXT_MAX } from "../http/input";
import { companies, permittedRoutes } from "../db/schema";
import { addRefusal, refuse } from "../http/errors";
import { FormBoolean, StampsShape } from "../http/schemas";
import { ACCESS, allow, scopeCarrier } from "./access";
import { carrierResource } from "./carrier-resource";
import { addFieldError, checkAirports, codeList, iataCode, optBool, optText, reqIata, textSearch, throwIfErrors, sortColumns } from "./common";
import { toCsv } from "./uploads";

export const PermittedRouteSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  transfer_iata_codes: z.array(z.string()),
  company_short_name: z.string().nullable().describe("the forwarder it is permitted to; null: every forwarder"),
  contracted: z.boolean(),
  direct: z.boolean(),
  ...StampsShape,
});

const Fields = z.object({
  origin_iata: reqIata(),
  destination_iata: reqIata(),
  transfer_iata_codes: codeList(iataCode()).optional(),
  company_short_name: optText(),
  contracted: optBool(),
  direct: optBool(),
});

const Filters = {
  origin_iata: iataCode().optional(),
  destination_iata: iataCode().optional(),
  company_short_name: z.string().max(TEXT_MAX.name).trim().optional(),
  contracted: FormBoolean.optional(),
  direct: FormBoolean.optional(),
};
type FilterQuery = { [K in keyof typeof Filters]?: z.infer<(typeof Filters)[K]> };

const filterWhere = (q: FilterQuery) => [
  q.origin_iata ? eq(permittedRoutes.origin_iata, q.origin_iata) : undefined,
  q.destination_iata ? eq(permittedRoutes.destination_iata, q.destination_iata) : undefined,
  q.company_short_name ? eq(permittedRoutes.company_short_name, q.company_short_name.toUpperCase()) : undefined,
  q.contracted !== undefined ? eq(permittedRoutes.contracted, q.contracted) : undefined,
  q.direct !== undefined ? eq(permittedRoutes.direct, q.direct) : undefined,
];

const search = [permittedRoutes.origin_iata, permittedRoutes.destination_iata, permittedRoutes.company_short_name];

export const permittedRouteCrud = carrierResource({
  path: "permitted_routes",
  record: "permitted_route",
  tag: "permitted routes",
  table: permittedRoutes,
  answer: PermittedRouteSchema,
  fields: Fields,
  access: { read: ACCESS.settings, write: ACCESS.settings },
  filters: Filters,
  where: filterWhere,
  search,
  orderBy: [permittedRoutes.origin_iata, permittedRoutes.destination_iata],
  sortable: sortColumns(permittedRoutes, ["carrier", "origin_iata", "destination_iata", "company_short_name", "contracted", "direct", "created_at", "updated_at"]),
  prepare: async (db, values) => {
    const transfers = (values.transfer_iata_codes as string[] | undefined) ?? [];
    const errors = await checkAirports(db, {
      origin_iata: values.origin_iata as string,
      destination_iata: values.destination_iata as string,
      transfer_iata_codes: transfers,
    });
    if (values.origin_iata === values.destination_iata) addRefusal(errors, "destination_iata", "same_as_origin");
    let company = (values.company_short_name as string | null | undefined)?.toUpperCase() ?? null;
    if (company) {
      const [row] = await db.select({ short_name: companies.short_name }).from(companies).where(eq(companies.short_name, company)).limit(1);
      if (!row) addFieldError(errors, "company_short_name", "unknown_company", { name: company });
    }
    throwIfErrors(errors);
    // A route with transfer points is not direct, whatever the form said.
    return { ...values, company_short_name: company, direct: transfers.length > 0 ? false : (values.direct ?? true) };
  },
  duplicate: () => refuse(422, "permitted_route_exists", {}, { as: "errors" }),
});

const COLUMNS = ["id", "carrier", "origin_iata", "destination_iata", "transfer_iata_codes", "company_short_name", "contracted", "direct"] as const;

/** `permitted_routes.csv` and `.xlsx`: the whole filtered list (no pagination), as a download. */
export const permittedRouteExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  for (const format of ["csv", "xlsx"] as const) {
    app.get(
      `/api/v3/permitted_routes.${format}`,
      {
        schema: {
          tags: ["permitted routes"],
          summary: `The permitted routes as ${format.toUpperCase()} (same filters as the list)`,
          querystring: z.object({ q: z.string().max(TEXT_MAX.search).optional(), carrier: z.string().max(TEXT_MAX.search).optional(), ...Filters }),
          produces: [format === "csv" ? "text/csv" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
        },
      },
      async (request, reply) => {
        allow(request.auth, ACCESS.settings);
        const q = request.query;
        const carrier = scopeCarrier(request.auth, q.carrier);
        const rows = await db
          .select()
          .from(permittedRoutes)
          .where(and(carrier ? eq(permittedRoutes.carrier, carrier) : undefined, textSearch(q.q, ...search), ...filterWhere(q)))
          .orderBy(asc(permittedRoutes.carrier), asc(permittedRoutes.origin_iata), asc(permittedRoutes.destination_iata), asc(permittedRoutes.id));
        const table = rows.map((r) => COLUMNS.map((c) => (c === "transfer_iata_codes" ? r.transfer_iata_codes.join(" ") : r[c])));
        reply.header("content-disposition", `attachment; filename="permitted_routes.${format}"`);
        if (format === "csv") {
          return reply.type("text/csv; charset=utf-8").send(toCsv([[...COLUMNS], ...table]));
        }
        const workbook = new (await loadExcelJS()).Workbook();
        const sheet = workbook.addWorksheet("permitted_routes");
        sheet.addRow([...COLUMNS]);
        for (const r of table) sheet.addRow(r);
        sheet.getRow(1).font = { bold: true };
        const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
        return reply.type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet").send(buffer);
      },
    );
  }
};
