import { z } from "zod";
import { VOID_REQUEST_STATUSES } from "../db/tables/void-requests";
import { PageQuerySchema, refuseBeyondRow } from "../http/pagination";
import { Text, TEXT_MAX } from "../http/input";
import { FormBoolean, IsoDateTime, StampsShape } from "../http/schemas";
import { BLANK, wrapped } from "../settings/common";
import { COUNT_CAP, MawbStart } from "../air-waybills/list-query";

// The wire shapes of void requests (spec 2 §3 "Void request", §4; spec 3 §7 `/{id}/void_requests`, §9 void payment
// values). Bodies come flat or wrapped in `void_request` (Rails style); field errors are keyed by the bare name.

/** The longest reason either side may give (a paragraph; the dialogs' text areas stop there too). */
export const VOID_REASON_MAX = TEXT_MAX.text;

export const VOID_PAYMENTS = ["required", "not_required"] as const;

const Reason = z.preprocess((v) => (v === null ? undefined : v), z.string({ required_error: BLANK }).trim().min(1, BLANK).max(VOID_REASON_MAX, `is too long (maximum is ${VOID_REASON_MAX} characters)`));
const OptionalReason = z.preprocess((v) => (v === null || v === "" ? undefined : v), Text(VOID_REASON_MAX).trim().optional());

/** The forwarder asks: why, and whether the waybill must still be paid once voided. */
export const CreateVoidRequestBody = wrapped(
  "void_request",
  z.object({
    request_reason: Reason,
    payment_required: FormBoolean.default(false),
  }),
);

/**
 * The airline answers: accepted (the waybill is voided; whether it must still be paid is required) or declined (a
 * reason is required: the forwarder must learn why its waybill stays).
 */
export const ResolveVoidRequestBody = wrapped(
  "void_request",
  z
    .object({
      status: z.enum(["accepted", "declined"], { message: "must be accepted or declined" }),
      resolve_reason: OptionalReason,
      void_payment: z.enum(VOID_PAYMENTS, { message: "must be required or not_required" }).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.status === "accepted" && !v.void_payment) ctx.addIssue({ code: "custom", path: ["void_payment"], message: BLANK });
      if (v.status === "declined" && !v.resolve_reason) ctx.addIssue({ code: "custom", path: ["resolve_reason"], message: BLANK });
    }),
);

export const VoidRequestListQuery = PageQuerySchema.extend({
  status: z.enum(VOID_REQUEST_STATUSES).optional(),
  /** Digits of a waybill number (any written form): the requests whose number starts with them. */
  mawb: MawbStart.optional(),
}).superRefine(refuseBeyondRow(COUNT_CAP));

export const VoidRequestSchema = z.object({
  id: z.number().int(),
  ...StampsShape,
  mawb: z.string(),
  carrier: z.string(),
  awb_prefix: z.string(),
  company_short_name: z.string().describe("the forwarder that asked"),
  status: z.enum(VOID_REQUEST_STATUSES).describe("requested (in progress), accepted, declined, cancelled (withdrawn)"),
  request_reason: z.string(),
  payment_required: z.boolean().describe("the forwarder's indication that the voided waybill still needs paying"),
  resolve_reason: z.string().nullable(),
  void_payment: z.enum(VOID_PAYMENTS).nullable().describe("the airline's decision on payment when it accepted"),
  requested_by: z.string().nullable().describe("e-mail of who asked"),
  resolved_by: z.string().nullable().describe("e-mail of who accepted, declined or withdrew"),
  resolved_at: IsoDateTime.nullable(),
  actions: z.object({ withdraw: z.boolean(), resolve: z.boolean() }).describe("what the caller may do with it now"),
});
export type VoidRequestAnswer = z.input<typeof VoidRequestSchema>;
