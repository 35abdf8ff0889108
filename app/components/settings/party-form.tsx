import { type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Fieldset } from "~/lib/mantine/Fieldset";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { PickerField, TextField } from "~/components/fields/fields";
import { ForwarderCustomerFormSchema, NotableCompanyFormSchema } from "~/lib/forms/party-schemas";
import { FormSection } from "./form-parts";
import { SettingsForm, useSettingsForm } from "./settings-form";

export type PartyKind = "customer" | "notable";

interface Contact {
  name?: string | null;
  phone?: string | null;
  email?: string | null;
}
interface ContactNumber {
  identifier: string;
  number: string;
}

export interface PartyRecord {
  id: number;
  name: string;
  address?: string | null;
  city?: string | null;
  country_code?: string | null;
  post_code?: string | null;
  state?: string | null;
  tax_id?: string | null;
  /** customers */
  forwarder_short_name?: string;
  contacts?: Contact[];
  /** notable companies */
  company_short_name?: string | null;
  account?: string | null;
  contact_identifier?: string | null;
  contact_numbers?: ContactNumber[];
}

const s = (v: string | null | undefined) => v ?? "";

type TextMeta = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
type ListMeta = FieldMetadata<Array<Record<string, string | undefined>> | undefined, Record<string, unknown>, string[]>;

/** Form values of a record; one blank contact row more than it has, so another can be added without JS. */
function defaultsOf(kind: PartyKind, record: PartyRecord | null, owner: string) {
  const common = {
    name: s(record?.name),
    address: s(record?.address),
    city: s(record?.city),
    country_code: s(record?.country_code),
    post_code: s(record?.post_code),
    state: s(record?.state),
    tax_id: s(record?.tax_id),
  };
  if (kind === "customer") {
    const contacts = (record?.contacts ?? []).map((c) => ({ name: s(c.name), phone: s(c.phone), email: s(c.email) }));
    return { intent: "customer", forwarder_short_name: record?.forwarder_short_name ?? owner, ...common, contacts: [...contacts, { name: "", phone: "", email: "" }] };
  }
  const numbers = (record?.contact_numbers ?? []).map((n) => ({ identifier: n.identifier, number: n.number }));
  return {
    intent: "notable",
    company_short_name: s(record?.company_short_name) || owner,
    account: s(record?.account),
    contact_identifier: s(record?.contact_identifier),
    ...common,
    contact_numbers: [...numbers, { identifier: "", number: "" }],
  };
}

/**
 * Create and edit form of a party: a forwarder's customer or a notable company. `showOwner`: platform staff name
 * the forwarder (customers) or the company (notable companies) the entry belongs to, when creating it.
 */
export function PartyForm({
  id,
  kind,
  record,
  lastResult,
  showOwner,
  defaultOwner = "",
  cancelHref,
  extraHidden,
}: {
  id: string;
  kind: PartyKind;
  record: PartyRecord | null;
  lastResult?: SubmissionResult<string[]>;
  showOwner: boolean;
  defaultOwner?: string;
  cancelHref: string;
  /** e.g. the id of the record a dialog edits */
  extraHidden?: Record<string, string>;
}) {
  const { t } = useTranslation(["parties", "common"]);
  const schema = kind === "customer" ? ForwarderCustomerFormSchema : NotableCompanyFormSchema;
  const [form, fields] = useSettingsForm(schema, { id, lastResult, defaultValue: defaultsOf(kind, record, defaultOwner) });
  // one form component for both kinds: their fields are looked up by name
  const f = fields as unknown as Record<string, TextMeta> & { contacts: ListMeta; contact_numbers: ListMeta };
  const ownerField = kind === "customer" ? "forwarder_short_name" : "company_short_name";
  return (
    <SettingsForm
      form={form}
      testId="party-form"
      cancelHref={cancelHref}
      submitTestId="party-submit"
      noValidate
      hidden={
        <>
          <input type="hidden" name="intent" value={kind} />
          {Object.entries(extraHidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </>
      }
    >
      <FormSection legend={t("sections.company")} cols={2}>
        {showOwner && !record ? (
          <TextField field={f[ownerField]} label={t(`fields.${ownerField}`)} description={t(`hints.${ownerField}`)} />
        ) : null}
        <TextField field={f.name} label={t("fields.name")} />
        {kind === "notable" ? <TextField field={f.account} label={t("fields.account")} /> : null}
        <TextField field={f.tax_id} label={t("fields.tax_id")} />
      </FormSection>
      <FormSection legend={t("sections.address")}>
        <TextField field={f.address} label={t("fields.address")} />
        <TextField field={f.city} label={t("fields.city")} />
        <TextField field={f.state} label={t("fields.state")} />
        <PickerField field={f.country_code} kind="countries" label={t("fields.country_code")} />
        <TextField field={f.post_code} label={t("fields.post_code")} />
      </FormSection>
      {kind === "customer" ? (
        <Fieldset legend={t("sections.contacts")} radius="md">
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {t("hints.contacts")}
            </Text>
            {f.contacts.getFieldList().map((item, i) => {
              const c = item.getFieldset();
              return (
                <SimpleGrid key={item.key ?? i} cols={{ base: 1, sm: 3 }} spacing="sm" data-testid="contact-row">
                  <TextField field={c.name!} label={t("fields.contactName")} />
                  <TextField field={c.phone!} label={t("fields.contactPhone")} type="tel" />
                  <TextField field={c.email!} label={t("fields.contactEmail")} type="email" />
                </SimpleGrid>
              );
            })}
          </Stack>
        </Fieldset>
      ) : (
        <Fieldset legend={t("sections.contactNumbers")} radius="md">
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextField field={f.contact_identifier} label={t("fields.contact_identifier")} description={t("hints.identifier")} />
            </SimpleGrid>
            {f.contact_numbers.getFieldList().map((item, i) => {
              const n = item.getFieldset();
              return (
                <SimpleGrid key={item.key ?? i} cols={{ base: 1, sm: 3 }} spacing="sm" data-testid="contact-number-row">
                  <TextField field={n.identifier!} label={t("fields.numberIdentifier")} />
                  <TextField field={n.number!} label={t("fields.number")} type="tel" />
                </SimpleGrid>
              );
            })}
          </Stack>
        </Fieldset>
      )}
    </SettingsForm>
  );
}
