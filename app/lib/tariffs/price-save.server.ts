import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z, type ZodTypeAny } from "zod";
import { requirePage } from "../auth/require-page.server";
import type { SignedInUser } from "../auth/guard.server";
import { carrierField } from "../forms/airline-fields";
import { failureReply, invalid } from "../forms/settings-form.server";
import {
  CHARGE_FIELDS, ChargeFormSchema, chargeDefaults, chargeInput, formFieldOf, SURCHARGE_FIELDS, SurchargeFormSchema, surchargeDefaults,
  surchargeInput, TARIFF_FIELDS, TariffFormSchema, tariffDefaults, tariffInput,
} from "../forms/price-schemas";
import { recordIdOf } from "../http/not-found.server";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";
import { notFoundWithNotice, postedForm } from "../settings/save-form.server";
import { required } from "../settings/required.server";
import { airlineChoices, chosenCarrier } from "../settings/settings-user.server";
import { billingChargesApi, surchargesApi, tariffsApi, type PriceApi } from "../upstream/billing.server";
import type { UpstreamResult } from "../upstream/errors";
import { PRICE_PAGES, type PriceKind } from "./price-values";

// The create and edit pages of the three kinds of price post one form each and are saved along one path: the
// schema, the body (with the form row of every rate sent, so the API's `rates.2.value` is shown beside the row it
// came from), the upstream call, then the list with a notice; or the form again with every typed value and each
// refusal beside its field, translated by its code. The edit page's Delete posts to the same action (intent=delete).

interface KindSpec {
  api: PriceApi;
  schema: ZodTypeAny;
  fields: readonly string[];
  /** The body, and how an API field name reads on the form. */
  prepare: (value: never) => { input: object; rename: (name: string) => string };
  defaults: (record: never) => Record<string, unknown>;
}

const KINDS: Record<PriceKind, KindSpec> = {
  tariffs: {
    api: tariffsApi,
    schema: TariffFormSchema,
    fields: TARIFF_FIELDS,
    prepare: (v: z.infer<typeof TariffFormSchema>) => {
      const { input, rateRows } = tariffInput(v);
      return { input, rename: (name) => formFieldOf(name, rateRows) };
    },
    defaults: tariffDefaults,
  },
  charges: {
    api: billingChargesApi,
    schema: ChargeFormSchema,
    fields: CHARGE_FIELDS,
    prepare: (v: z.infer<typeof ChargeFormSchema>) => ({ input: chargeInput(v), rename: formFieldOf }),
    defaults: chargeDefaults,
  },
  surcharges: {
    api: surchargesApi,
    schema: SurchargeFormSchema,
    fields: SURCHARGE_FIELDS,
    prepare: (v: z.infer<typeof SurchargeFormSchema>) => ({ input: surchargeInput(v), rename: formFieldOf }),
    defaults: surchargeDefaults,
  },
};

/** The create form of a platform user on a host without an airline names the airline (`carrier`). */
const WithCarrier = z.object({ carrier: carrierField() });

const createRoute = (kind: PriceKind) => `${PRICE_PAGES[kind]}/create`;
const editRoute = (kind: PriceKind) => `${PRICE_PAGES[kind]}/:id/edit`;

export async function loadPriceCreate(args: LoaderFunctionArgs, kind: PriceKind) {
  const { user, pageTitle } = await requirePage(args, createRoute(kind));
  return json({ pageTitle, kind, airlines: await airlineChoices(user), defaultValue: KINDS[kind].defaults(null as never) });
}

export async function loadPriceEdit(args: LoaderFunctionArgs, kind: PriceKind) {
  const { user, pageTitle } = await requirePage(args, editRoute(kind));
  const id = recordIdOf(args.params.id);
  // another airline's price answers the same 404 as one that does not exist: nothing of it reaches the page
  const record = required(await (KINDS[kind].api.get(user.api, id) as Promise<UpstreamResult<unknown>>));
  const confirmDelete = new URL(args.request.url).searchParams.get("dialog") === "delete";
  return json({ pageTitle, kind, id, confirmDelete, defaultValue: KINDS[kind].defaults(record as never) });
}

const notices = (kind: PriceKind) => ({
  created: `tariffs:notices.created.${kind}`,
  updated: `tariffs:notices.updated.${kind}`,
  deleted: `tariffs:notices.deleted.${kind}`,
  notFound: `tariffs:notices.notFound.${kind}`,
}) as const;

/** The create page's action. */
export async function createPrice(args: ActionFunctionArgs, kind: PriceKind) {
  const { user } = await requirePage(args, createRoute(kind));
  const form = await postedForm(args.request, user);
  return save(user, kind, form, (input) => {
    const owner = chosenCarrier(user, WithCarrier.safeParse({ carrier: form.get("carrier") || undefined }).data?.carrier);
    return KINDS[kind].api.create(user.api, { ...input, ...owner } as never);
  });
}

/** The edit page's action: Save, or Delete once the user confirmed it (the ?dialog=delete page's form). */
export async function editPrice(args: ActionFunctionArgs, kind: PriceKind) {
  const { user } = await requirePage(args, editRoute(kind));
  const id = recordIdOf(args.params.id);
  const form = await postedForm(args.request, user);
  const words = notices(kind);
  if (form.get("intent") === "delete") {
    const removed = await KINDS[kind].api.delete(user.api, id);
    if (removed.ok) return redirectWithNotice(PRICE_PAGES[kind], user, { kind: "success", key: words.deleted });
    if (removed.code === "NotFound") return notFoundWithNotice(user, words.notFound);
    return redirectWithNotice(`${PRICE_PAGES[kind]}/${id}/edit`, user, { kind: "error", key: "common:notices.deleteFailed" });
  }
  return save(user, kind, form, (input) => KINDS[kind].api.update(user.api, id, input as never), () => notFoundWithNotice(user, words.notFound));
}

async function save(
  user: SignedInUser,
  kind: PriceKind,
  form: FormData,
  send: (input: object) => Promise<UpstreamResult<unknown>>,
  onNotFound?: () => never,
) {
  const spec = KINDS[kind];
  const submission = parseWithZod(form, { schema: spec.schema });
  // a refused field, or a rate row added or removed without JS (conform's intent): the form again
  if (submission.status !== "success") return invalid(submission);
  const { input, rename } = spec.prepare(submission.value as never);
  const result = await send(input);
  if (result.ok) return redirectWithNotice(PRICE_PAGES[kind], user, { kind: "success", key: notices(kind)[onNotFound ? "updated" : "created"] });
  if (result.code === "NotFound" && onNotFound) onNotFound();
  return failureReply(submission, result, { fields: spec.fields, rename, exists: { key: `tariffs:exists.${kind}` } });
}
