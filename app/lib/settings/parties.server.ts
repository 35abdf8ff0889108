import type { NoticeKey } from "../session/session-data";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { verifyCsrf } from "../auth/csrf.server";
import type { SignedInUser } from "../auth/guard.server";
import { requirePage } from "../auth/require-page.server";
import { editParam, pageParam, PER_PAGE, searchParamsOf, textParam, urlWithout } from "../forms/list-query";
import {
  CUSTOMER_FIELDS,
  ForwarderCustomerFormSchema,
  NOTABLE_FIELDS,
  NotableCompanyFormSchema,
  type ForwarderCustomerForm,
  type NotableCompanyForm,
} from "../forms/party-schemas";
import { failureReply, invalid, referenceErrors, type Translate } from "../forms/settings-form.server";
import { recordIdOf } from "../http/not-found.server";
import type { Upstream } from "../upstream/client.server";
import type { UpstreamResult } from "../upstream/errors";
import {
  createForwarderCustomer,
  createNotableCompany,
  getForwarderCustomer,
  getNotableCompany,
  listForwarderCustomers,
  listNotableCompanies,
  updateForwarderCustomer,
  updateNotableCompany,
  type ForwarderCustomer,
  type ForwarderCustomerInput,
  type NotableCompany,
  type NotableCompanyInput,
} from "../upstream/parties.server";
import { isPlatformUser } from "./settings-user.server";
import { SORTABLE, sortFromUrl } from "./sort";
import { listAndEditing } from "./list-and-editing.server";

// Parties pages (settings → parties, and agent/parties on a forwarder host): a forwarder's customers and its
// notable companies. The API keeps each forwarder to its own rows; platform staff see everyone's.

export type PartyTab = "customers" | "notable";

const Query = z.object({
  page: pageParam,
  q: textParam,
  owner: z.string().trim().toUpperCase().max(20).catch(""),
  tab: z.enum(["customers", "notable"]).catch("customers"),
  edit: editParam,
  dialog: z.enum(["new"]).optional().catch(undefined),
});

const orNull = (v: string | undefined) => (v === undefined || v === "" ? null : v);

export function customerInput(user: SignedInUser, v: ForwarderCustomerForm): ForwarderCustomerInput {
  return {
    forwarder_short_name: isPlatformUser(user) ? v.forwarder_short_name : undefined,
    name: v.name,
    address: orNull(v.address),
    city: orNull(v.city),
    country_code: orNull(v.country_code),
    post_code: orNull(v.post_code),
    state: orNull(v.state),
    tax_id: orNull(v.tax_id),
    contacts: v.contacts.map((c) => ({ name: orNull(c.name), phone: orNull(c.phone), email: orNull(c.email) })),
  };
}

export function notableInput(user: SignedInUser, v: NotableCompanyForm): NotableCompanyInput {
  return {
    company_short_name: isPlatformUser(user) ? v.company_short_name : undefined,
    account: orNull(v.account),
    name: v.name,
    address: orNull(v.address),
    city: orNull(v.city),
    state: orNull(v.state),
    country_code: orNull(v.country_code),
    post_code: orNull(v.post_code),
    tax_id: orNull(v.tax_id),
    contact_identifier: orNull(v.contact_identifier),
    contact_numbers: v.contact_numbers.map((n) => ({ identifier: n.identifier ?? "", number: n.number ?? "" })),
  };
}

export async function partiesLoader(args: LoaderFunctionArgs, pattern: string, opts: { inlineEdit: boolean }) {
  const { user, pageTitle } = await requirePage(args, pattern);
  const query = Query.parse(searchParamsOf(args.request));
  const platform = isPlatformUser(user);
  const sort = sortFromUrl(args.request.url, query.tab === "customers" ? SORTABLE.forwarderCustomers : SORTABLE.notableCompanies);
  const listQuery = { page: query.page, per_page: PER_PAGE, ...sort, q: query.q || undefined, owner: platform ? query.owner || undefined : undefined };
  const editId = opts.inlineEdit ? query.edit : undefined;
  if (query.tab === "customers") {
    const { list, editing } = await listAndEditing(listForwarderCustomers(user.api, listQuery), editId, (id) => getForwarderCustomer(user.api, id));
    return json({
      pageTitle,
      tab: query.tab,
      customers: list.data,
      notable: [] as NotableCompany[],
      meta: list.meta,
      filters: { q: query.q, owner: query.owner },
      showOwner: platform,
      dialog: query.dialog ?? (editing ? ("edit" as const) : null),
      editing,
    });
  }
  const { list, editing } = await listAndEditing(listNotableCompanies(user.api, listQuery), editId, (id) => getNotableCompany(user.api, id));
  return json({
    pageTitle,
    tab: query.tab,
    customers: [] as ForwarderCustomer[],
    notable: list.data,
    meta: list.meta,
    filters: { q: query.q, owner: query.owner },
    showOwner: platform,
    dialog: query.dialog ?? (editing ? ("edit" as const) : null),
    editing,
  });
}

/** Saving a record that is gone (or not the user's): the list says so; the form has nothing left to edit. */
function notFound(user: SignedInUser, key: NoticeKey, backTo: string) {
  return redirectWithNotice(backTo, user, { kind: "error", key });
}

/** What differs between saving a forwarder customer and a notable company: the form, the body, the calls, the keys. */
interface PartyKind<Form extends { country_code?: string }, Input> {
  schema: z.ZodType<Form, z.ZodTypeDef, unknown>;
  input: (user: SignedInUser, v: Form) => Input;
  create: (api: Upstream, input: Input) => Promise<UpstreamResult<unknown>>;
  update: (api: Upstream, id: number, input: Input) => Promise<UpstreamResult<unknown>>;
  fields: readonly string[];
  notFound: NoticeKey;
  created: NoticeKey;
  updated: NoticeKey;
}
const partyKind = <Form extends { country_code?: string }, Input>(kind: PartyKind<Form, Input>) => kind;

/** The `intent` of a parties form → the party it saves. */
const PARTY_KINDS = {
  customer: partyKind({
    schema: ForwarderCustomerFormSchema,
    input: customerInput,
    create: createForwarderCustomer,
    update: updateForwarderCustomer,
    fields: CUSTOMER_FIELDS,
    notFound: "parties:notices.customerNotFound",
    created: "parties:notices.customerCreated",
    updated: "parties:notices.customerUpdated",
  }),
  notable: partyKind({
    schema: NotableCompanyFormSchema,
    input: notableInput,
    create: createNotableCompany,
    update: updateNotableCompany,
    fields: NOTABLE_FIELDS,
    notFound: "parties:notices.notableNotFound",
    created: "parties:notices.notableCreated",
    updated: "parties:notices.notableUpdated",
  }),
};

/**
 * Saves a party posted from a parties page (create, or with `id` an update) or from the edit route (`fixedId`).
 * Success: a notice and back to `backTo`; refused: the form again with every typed value and the errors.
 */
export async function savePartyAction(args: ActionFunctionArgs, pattern: string, opts: { fixedId?: number; backTo?: string } = {}) {
  const { user, t } = await requirePage(args, pattern);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  const backTo = opts.backTo ?? urlWithout(args.request, "dialog", "edit");
  const posted = form.get("id");
  // a tampered id names no record the user may change: the not-found page, never an upstream call
  const id = opts.fixedId ?? (typeof posted === "string" && posted !== "" ? recordIdOf(posted) : undefined);
  const intent = form.get("intent");
  if (intent === "customer") return saveParty(PARTY_KINDS.customer, { user, t, form, id, backTo });
  if (intent === "notable") return saveParty(PARTY_KINDS.notable, { user, t, form, id, backTo });
  throw new Response("Bad Request", { status: 400 });
}

async function saveParty<Form extends { country_code?: string }, Input>(
  kind: PartyKind<Form, Input>,
  { user, t, form, id, backTo }: { user: SignedInUser; t: Translate; form: FormData; id: number | undefined; backTo: string },
) {
  const submission = parseWithZod(form, { schema: kind.schema });
  if (submission.status !== "success") return invalid(submission);
  const fieldErrors = await referenceErrors(user, t, [
    { field: "country_code", kind: "countries", codes: submission.value.country_code, message: "errors:unknownCountry" },
  ]);
  if (Object.keys(fieldErrors).length) return invalid(submission, { fieldErrors });
  const input = kind.input(user, submission.value);
  const result = id ? await kind.update(user.api, id, input) : await kind.create(user.api, input);
  if (!result.ok && result.code === "NotFound" && id) return notFound(user, kind.notFound, backTo);
  if (!result.ok) return failureReply(submission, result, { fields: kind.fields, exists: { key: "parties:errors.exists" }, notFound: kind.notFound });
  return redirectWithNotice(backTo, user, { kind: "success", key: id ? kind.updated : kind.created });
}
