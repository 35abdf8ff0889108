import { Alert } from "~/lib/mantine/Alert";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { List } from "~/lib/mantine/List";
import { NativeSelect } from "~/lib/mantine/NativeSelect";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Table } from "~/lib/mantine/Table";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Section } from "~/components/air-waybills/shipment-sections";
import { translateMessage } from "~/components/fields/fields";
import { CsrfInput } from "~/components/form-guards";
import { WaybillPageHeader } from "~/components/outgoing/waybill-telegram-links";
import { FormErrors } from "~/components/settings/form-parts";
import { useFormat } from "~/components/settings/format";
import { reasonText } from "~/lib/billing/price-reasons";
import type { BillingLine, BillingPageData } from "~/lib/billing/waybill-billing.server";
import {
  BILLING_INTENTS,
  LINE_BASES,
  LINE_KINDS,
  RATE_CLASSES,
  VAT_INCLUSIONS,
  type AddLineField,
  type AddLineReply,
  type CalculateReply,
} from "~/lib/billing/waybill-billing-values";
import { intlLocale } from "~/lib/i18n/languages";

// The waybill's billing page (spec 1 /shipments/:mawb/billing; issue 24). Every control is a link or a plain POST form
// and each line's explanation a <details> element, so the page works without JavaScript; the lines' table scrolls
// sideways at 390 px.

function useReason() {
  const { t, i18n } = useTranslation(["pricing"]);
  const locale = intlLocale(i18n.language);
  return (reason: { code: string; params?: Record<string, string | number> | null }) => reasonText(t, locale, reason);
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

/** Why the last calculation was refused: the engine's first reason, then the tariffs passed over and why. */
function CalculateRefusal({ reply }: { reply: CalculateReply }) {
  const { t } = useTranslation(["pricing", "errors"]);
  const reason = useReason();
  const fmt = useFormat();
  return (
    <Alert color="red" role="alert" title={reply.tariffDate ? t("calculate.refused", { date: fmt.date(reply.tariffDate) }) : t("calculate.refusedNoDate")} data-testid="calculate-refused">
      <Stack gap={4}>
        <Text size="sm">{reply.refusal ? reason(reply.refusal) : translateMessage(t, reply.message ?? "errors:Undefined")}</Text>
        {reply.passedOver.length ? (
          <>
            <Text size="sm" fw={600}>
              {t("calculate.passedOver")}
            </Text>
            <List size="sm" data-testid="calculate-passed-over">
              {reply.passedOver.map((r, i) => (
                <List.Item key={i}>{reason(r)}</List.Item>
              ))}
            </List>
          </>
        ) : null}
      </Stack>
    </Alert>
  );
}

function DeleteLine({ line }: { line: BillingLine }) {
  const { t } = useTranslation("pricing");
  return (
    <Form method="post">
      <CsrfInput />
      <input type="hidden" name="id" value={line.id} />
      <Button type="submit" name="intent" value={BILLING_INTENTS.delete} size="compact-xs" variant="subtle" color="red" aria-label={t("deleteLine", { code: line.code })} data-testid={`delete-line-${line.id}`}>
        {t("delete")}
      </Button>
    </Form>
  );
}

function LineRows({ line, canBill, columns }: { line: BillingLine; canBill: boolean; columns: number }) {
  const { t } = useTranslation("pricing");
  const fmt = useFormat();
  const reason = useReason();
  const plain = (text: string) => fmt.amount(text, null);
  const brk = line.weight_brake && line.weight_brake !== "0" ? t("break", { kg: plain(line.weight_brake) }) : null;
  const vat =
    line.vat_inclusion === "included" || line.vat_inclusion === "notIncluded"
      ? `${plain(line.vat)} (${t(`vatInclusion.${line.vat_inclusion}`, { percent: line.vat_percent ? plain(line.vat_percent) : "—" })})`
      : t("vatInclusion.without");
  return (
    <>
      <Table.Tr data-testid={`rate-line-${line.id}`}>
        <Table.Td>{t(`kind.${line.kind}`, { defaultValue: line.kind })}</Table.Td>
        <Table.Td>
          <Text size="sm" ff="monospace" fw={600}>
            {line.code}
          </Text>
          {line.description ? (
            <Text size="xs" c="dimmed">
              {line.description}
            </Text>
          ) : null}
          {line.invoice_number ? (
            <Text size="xs" c="dimmed">
              {t("invoice", { number: line.invoice_number })}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td>{[line.rate_class_code, brk].filter(Boolean).join(" · ") || "—"}</Table.Td>
        <Table.Td>{`${t(`basis.${line.basis}`, { defaultValue: line.basis })} × ${plain(line.base_value)}`}</Table.Td>
        <Table.Td style={{ textAlign: "end", whiteSpace: "nowrap" }}>{plain(line.rate)}</Table.Td>
        <Table.Td style={{ textAlign: "end", whiteSpace: "nowrap" }} data-testid={`rate-line-amount-${line.id}`}>
          {plain(line.amount)}
        </Table.Td>
        <Table.Td style={{ whiteSpace: "nowrap" }}>{vat}</Table.Td>
        <Table.Td>{line.currency}</Table.Td>
        <Table.Td>{line.calculation_type === "manual" ? t("source.manual", { by: line.added_by ?? "—" }) : t("source.auto")}</Table.Td>
        {canBill ? <Table.Td>{<DeleteLine line={line} />}</Table.Td> : null}
      </Table.Tr>
      <Table.Tr>
        <Table.Td colSpan={columns} pt={0}>
          {line.reasons.length ? (
            <details data-testid={`rate-line-reasons-${line.id}`}>
              <summary>
                <Text span size="xs" c="dimmed">
                  {t("explanation")}
                </Text>
              </summary>
              <List size="xs" pl="md">
                {line.reasons.map((r, i) => (
                  <List.Item key={i}>{reason(r)}</List.Item>
                ))}
              </List>
            </details>
          ) : (
            <Text size="xs" c="dimmed">
              {t("noExplanation")}
            </Text>
          )}
        </Table.Td>
      </Table.Tr>
    </>
  );
}

function LinesTable({ lines, canBill }: { lines: BillingLine[]; canBill: boolean }) {
  const { t } = useTranslation("pricing");
  const heads = ["kind", "code", "class", "basis", "rate", "amount", "vat", "currency", "source", ...(canBill ? ["actions"] : [])];
  if (!lines.length)
    return (
      <Text size="sm" c="dimmed" data-testid="rate-lines-empty">
        {t("lines.empty")}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table data-testid="rate-lines-table" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            {heads.map((h) => (
              <Table.Th key={h}>{t(`columns.${h}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <LineRows key={line.id} line={line} canBill={canBill} columns={heads.length} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Totals({ totals }: { totals: NonNullable<BillingPageData["rates"]>["totals"] }) {
  const { t } = useTranslation("pricing");
  const fmt = useFormat();
  if (!totals.length)
    return (
      <Text size="sm" c="dimmed">
        {t("totals.empty")}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table data-testid="rate-totals-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("totals.currency")}</Table.Th>
            <Table.Th style={{ textAlign: "end" }}>{t("totals.amount")}</Table.Th>
            <Table.Th style={{ textAlign: "end" }}>{t("totals.vat")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.map((s) => (
            <Table.Tr key={s.currency} data-testid={`rate-total-${s.currency}`}>
              <Table.Td>{s.currency}</Table.Td>
              <Table.Td style={{ textAlign: "end", whiteSpace: "nowrap" }} fw={600}>
                {fmt.amount(s.amount, s.currency)}
              </Table.Td>
              <Table.Td style={{ textAlign: "end", whiteSpace: "nowrap" }}>{fmt.amount(s.vat, s.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The add form: plain inputs and selects posted as typed; a refused add comes back with the values and the errors beside them. */
function AddLineForm({ reply, currency, formKey }: { reply: AddLineReply | null; currency: string; formKey: string }) {
  const { t } = useTranslation(["pricing", "errors"]);
  const value = (name: AddLineField, fallback = "") => reply?.values[name] ?? fallback;
  const error = (name: AddLineField) => {
    const message = reply?.errors[name]?.[0];
    return message ? translateMessage(t, message) : undefined;
  };
  const text = (name: AddLineField, label: string, extra: { description?: string; inputMode?: "decimal"; required?: boolean; fallback?: string } = {}) => (
    <TextInput
      name={name}
      label={label}
      description={extra.description}
      defaultValue={value(name, extra.fallback)}
      error={error(name)}
      inputMode={extra.inputMode}
      required={extra.required}
      autoComplete="off"
    />
  );
  const select = (name: AddLineField, label: string, options: Array<{ value: string; label: string }>, fallback: string) => (
    <NativeSelect name={name} label={label} defaultValue={value(name, fallback)} error={error(name)} data={options} />
  );
  return (
    <Form method="post" key={formKey} data-testid="add-line-form" noValidate>
      <CsrfInput />
      <input type="hidden" name="intent" value={BILLING_INTENTS.add} />
      <Stack gap="sm">
        <FormErrors errors={reply?.formErrors} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
          {select("kind", t("add.kind"), LINE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })), "charge")}
          {text("code", t("add.code"), { required: true })}
          {text("description", t("add.description"))}
          {select("rate_class_code", t("add.rateClass"), [{ value: "", label: t("add.rateClassNone") }, ...RATE_CLASSES.map((c) => ({ value: c, label: t(`rateClass.${c}`) }))], "")}
          {select("basis", t("add.basis"), LINE_BASES.map((b) => ({ value: b, label: t(`basis.${b}`) })), "fixed")}
          {text("base_value", t("add.baseValue"), { description: t("add.baseValueHint"), inputMode: "decimal" })}
          {text("rate", t("add.rate"), { inputMode: "decimal", required: true })}
          {text("amount", t("add.amount"), { description: t("add.amountHint"), inputMode: "decimal" })}
          {text("currency", t("add.currency"), { required: true, fallback: currency })}
          {select("vat_inclusion", t("add.vatInclusion"), VAT_INCLUSIONS.map((v) => ({ value: v, label: t(`add.vatChoice.${v}`) })), "without")}
          {text("vat_percent", t("add.vatPercent"), { inputMode: "decimal" })}
          {text("invoice_number", t("add.invoiceNumber"))}
        </SimpleGrid>
        <Group>
          <Button type="submit" data-testid="add-line-submit">
            {t("add.submit")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

export function WaybillBillingPage({ data, addReply, calculateReply }: { data: BillingPageData; addReply: AddLineReply | null; calculateReply: CalculateReply | null }) {
  const { t } = useTranslation(["pricing", "errors"]);
  const fmt = useFormat();
  const { mawb, rates } = data;
  const kg = rates?.chargeableWeight;
  return (
    <Stack gap="md" data-testid="waybill-billing-page">
      <WaybillPageHeader mawb={mawb} title={t("title", { mawb })} route={data.route} />
      <Text size="sm">{t("about")}</Text>
      {calculateReply ? <CalculateRefusal reply={calculateReply} /> : null}
      {rates ? (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Figure label={t("summary.chargeableWeight")} value={kg === null || kg === undefined ? "—" : t("summary.kg", { kg: fmt.number(kg) })} testId="billing-chargeable-weight" />
          <Figure label={t("summary.tariffDate")} value={fmt.date(rates.tariffDate)} testId="billing-tariff-date" />
          <Figure label={t("summary.billingDate")} value={fmt.date(rates.billingDate)} testId="billing-billing-date" />
        </SimpleGrid>
      ) : null}
      {data.canBill ? (
        <Form method="post" data-testid="calculate-form">
          <CsrfInput />
          <Group gap="sm" wrap="wrap">
            <Button type="submit" name="intent" value={BILLING_INTENTS.calculate} data-testid="calculate">
              {t("calculate.button")}
            </Button>
            <Text size="xs" c="dimmed" style={{ flex: "1 1 16rem" }}>
              {t("calculate.about")}
            </Text>
          </Group>
        </Form>
      ) : null}
      <Section title={t("lines.title")} testId="rate-lines" failure={data.error ? t("lines.failed", { reason: t(`errors:${data.error}`) }) : null}>
        {rates ? <LinesTable lines={rates.lines} canBill={data.canBill} /> : null}
      </Section>
      {rates ? (
        <Section title={t("totals.title")} testId="rate-totals">
          <Totals totals={rates.totals} />
        </Section>
      ) : null}
      {data.canBill ? (
        <Section title={t("add.title")} testId="add-line">
          <AddLineForm reply={addReply} currency={data.currency} formKey={`${rates?.lines.length ?? 0}-${JSON.stringify(addReply?.values ?? null)}`} />
        </Section>
      ) : null}
    </Stack>
  );
}
