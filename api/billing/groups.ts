import { z } from "zod";
import { billingGroups } from "../db/schema";
import { refuseField } from "../http/errors";
import { TEXT_MAX, tooLong } from "../http/input";
import { StampsShape } from "../http/schemas";
import { carrierResource } from "../settings/carrier-resource";
import { BLANK, codeList, reqText, sortColumns } from "../settings/common";

// Account groups (GET billing/groups): named sets of an airline's agent accounts, which a tariff, charge or surcharge
// may be limited to (spec 2 "groups"). The airline keeps them beside its prices; forwarders never read them (a group
// names other agents' accounts).

export const BillingGroupSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  name: z.string(),
  accounts: z.array(z.string()),
  ...StampsShape,
});

export const billingGroupRoutes = carrierResource({
  path: "billing/groups",
  record: "group",
  tag: "billing",
  table: billingGroups,
  answer: BillingGroupSchema,
  fields: z.object({
    name: reqText(),
    accounts: codeList(z.string().trim().min(1, BLANK).max(TEXT_MAX.name, tooLong(TEXT_MAX.name))).optional(),
  }),
  // The tariffs section's airline side (spec 1 §6, without forwarders) reads them; its Managers keep them.
  access: { read: { platform: true, airline: ["operator", "manager", "com_cor", "billing"] }, write: { platform: true, airline: ["manager"] } },
  search: [billingGroups.name],
  orderBy: [billingGroups.name],
  sortable: sortColumns(billingGroups, ["name", "created_at", "updated_at"]),
  duplicate: () => refuseField("name", "taken"),
});
