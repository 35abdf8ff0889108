import { z } from "zod";
import type { Upstream } from "./client.server";
import { NumberLike } from "./schemas";

// Escrow-style beneficiary state of a company (spec 2 "Settlements"; spec 3 §7 GET companies/{id}/state).

const Amount = NumberLike.nullish().transform((n) => n ?? 0);

export const CompanyStateSchema = z.object({
  beneficiaryId: z.union([z.string(), z.number()]).nullish().transform((v) => (v == null ? null : String(v))),
  status: z.string().nullish(),
  balance: z
    .object({ balance: Amount, obligations: Amount, pending: Amount, blocked: Amount, debt: Amount })
    .nullish()
    .transform((b) => b ?? { balance: 0, obligations: 0, pending: 0, blocked: 0, debt: 0 }),
  smartContracts: z.array(z.unknown()).nullish().transform((c) => c ?? []),
  events: z.array(z.unknown()).nullish().transform((e) => e ?? []),
});
export type CompanyState = z.infer<typeof CompanyStateSchema>;

export function getCompanyState(api: Upstream, companyId: number) {
  return api.get(`api/v3/companies/${companyId}/state`, { schema: CompanyStateSchema });
}
