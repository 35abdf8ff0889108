import { Alert } from "~/lib/mantine/Alert";
import { Badge } from "~/components/plain/badge";
import { Button } from "~/components/plain/button";
import { Checkbox } from "~/lib/mantine/Checkbox";
import { Group } from "~/components/plain/group";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/components/fields/fields";
import { IntentForm } from "~/components/intent-form";
import { IntentButton } from "~/components/record-actions";
import { FormSection, ReadOnlyValue } from "~/components/settings/form-parts";
import type { Offer, OfferRate } from "~/lib/upstream/offers.server";

// The read side of an offer's page: its status and facts, its price lines with the forwarder's margin and the totals
// per currency, and the steps its status allows (cargo/offers/offer-status.ts, as the API answers them in `actions`).

const STATUS_COLORS = { created: "gray", sent: "blue", accepted: "green", closed: "dark" } as const;

export function OfferStatusBadge({ status }: { status: keyof typeof STATUS_COLORS }) {
  const { t } = useTranslation("offers");
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid={`offer-status-${status}`}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? "—" : String(v));
const joined = (...parts: Array<string | null | undefined>) => parts.filter((p) => p?.trim()).join(", ") || "—";

/** The offer's facts: route and flights, shipment, customer, validity. */
export function OfferFacts({ offer }: { offer: Offer }) {
  const { t } = useTranslation("offers");
  const c = offer.customer;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" data-testid="offer-facts">
      <ReadOnlyValue label={t("fields.route")} value={`${offer.origin_iata} → ${offer.destination_iata}`} />
      <ReadOnlyValue label={t("fields.carrier")} value={dash(offer.carrier)} />
      <ReadOnlyValue label={t("fields.date_toa")} value={dash(offer.date_toa)} />
      <ReadOnlyValue label={t("fields.valid_until")} value={dash(offer.valid_until)} />
      <ReadOnlyValue label={t("fields.flights")} value={offer.segments.length ? offer.segments.map((s) => `${s.number_with_date} ${s.origin_iata}–${s.destination_iata}`).join(", ") : "—"} />
      <ReadOnlyValue label={t("fields.figures")} value={t("figures", { pieces: offer.pieces, weight: offer.weight, volume: dash(offer.volume), chargeable: dash(offer.chargeable_weight) })} />
      <ReadOnlyValue label={t("fields.commodity")} value={joined(offer.commodity, offer.shcs.join(" "))} />
      <ReadOnlyValue label={t("fields.customer_name")} value={joined(offer.customer_name ?? c.name, c.city, c.country_code)} />
      <ReadOnlyValue label={t("fields.air_waybills")} value={offer.air_waybills.length ? offer.air_waybills.map((m) => <Link key={m} to={`/dashboard/shipments/${m}`} style={{ marginRight: 8 }}>{m}</Link>) : "—"} />
    </SimpleGrid>
  );
}

/** The price lines with what the forwarder pays (incoming), asks (outgoing) and keeps (margin), and the totals. */
export function OfferRatesTable({ offer }: { offer: Offer }) {
  const { t } = useTranslation("offers");
  const cell = { padding: "4px 8px", textAlign: "right" as const, whiteSpace: "nowrap" as const };
  const row = (r: OfferRate) => (
    <tr key={r.id} data-testid="offer-rate">
      <td style={{ padding: "4px 8px" }}>
        {r.code} {r.description ? <Text span size="xs" c="dimmed">{r.description}</Text> : null}
      </td>
      <td style={{ padding: "4px 8px" }}>{t(`bases.${r.basis}`)}</td>
      <td style={cell}>{r.rate}</td>
      <td style={cell}>{dash(r.base_value)}</td>
      <td style={cell}>{r.incoming_amount}</td>
      <td style={cell}>{r.outgoing_amount}</td>
      <td style={cell} data-testid="offer-rate-margin">{dash(r.margin)}</td>
      <td style={{ padding: "4px 8px" }}>{r.currency}</td>
    </tr>
  );
  return (
    <div style={{ overflowX: "auto" }}>
      <table style={{ borderCollapse: "collapse", width: "100%", fontSize: 14 }} data-testid="offer-rates-table">
        <thead>
          <tr>
            {["line", "basis", "rate", "base_value", "incoming", "outgoing", "margin", "currency"].map((k) => (
              <th key={k} style={{ padding: "4px 8px", textAlign: ["line", "basis", "currency"].includes(k) ? "left" : "right" }}>
                {t(`rates.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {offer.rates.length ? offer.rates.map(row) : (
            <tr>
              <td colSpan={8} style={{ padding: "4px 8px" }}>
                {t("rates.none")}
              </td>
            </tr>
          )}
        </tbody>
        <tfoot>
          {offer.totals.map((total) => (
            <tr key={total.currency} data-testid={`offer-total-${total.currency}`} style={{ fontWeight: 600 }}>
              <td colSpan={4} style={{ padding: "4px 8px" }}>
                {t("rates.total", { currency: total.currency })}
              </td>
              <td style={cell}>{total.incoming_amount}</td>
              <td style={cell}>{total.outgoing_amount}</td>
              <td style={cell}>{total.margin}</td>
              <td style={{ padding: "4px 8px" }}>{total.currency}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}

export interface StepAnswer {
  refusal?: string | null;
  warnings?: string[];
  awbErrors?: { hs_codes?: string };
  values?: { hs_codes?: string };
}

/** The steps the offer's status allows: accept, close, delete a draft, the document, book, the waybill without booking. */
export function OfferActions({ offer, bookHref, pdfHref, step }: { offer: Offer; bookHref: string | null; pdfHref: string; step: StepAnswer | null }) {
  const { t } = useTranslation(["offers", "awb", "errors"]);
  const a = offer.actions;
  return (
    <Stack gap="sm">
      {step?.refusal ? (
        <Alert color="red" role="alert" data-testid="offer-step-refusal">
          {translateMessage(t, step.refusal)}
        </Alert>
      ) : null}
      <Group gap="sm" wrap="wrap" data-testid="offer-actions">
        {a.accept ? <IntentButton intent="accept" label={t("actions.accept")} testId="offer-accept" /> : null}
        {bookHref ? (
          <Button component={Link} to={bookHref} data-testid="offer-book">
            {t("actions.book")}
          </Button>
        ) : null}
        {a.close ? <IntentButton intent="close" label={t("actions.close")} testId="offer-close" /> : null}
        {a.delete ? <IntentButton intent="delete" label={t("actions.delete")} testId="offer-delete" /> : null}
        <Button component="a" href={pdfHref} variant="default" data-testid="offer-pdf">
          {t("actions.pdf")}
        </Button>
      </Group>
      {a.create_awb ? (
        <FormSection legend={t("actions.create_awb")} cols={1}>
          <IntentForm intent="create_awb" testId="offer-awb-form">
            {step?.warnings?.length ? (
              <Alert color="yellow" data-testid="offer-awb-warnings">
                <Stack gap={4}>
                  {step.warnings.map((w) => (
                    <Text key={w} size="sm">
                      {t(`awb:warnings.${w}`, { defaultValue: w })}
                    </Text>
                  ))}
                  <Checkbox name="accept_warnings" label={t("awb.acceptWarnings")} data-testid="offer-awb-accept" />
                </Stack>
              </Alert>
            ) : null}
            <TextInput
              name="hs_codes"
              label={t("awb.hs_codes")}
              description={t("awb.hsHint")}
              defaultValue={step?.values?.hs_codes ?? ""}
              error={step?.awbErrors?.hs_codes ? translateMessage(t, step.awbErrors.hs_codes) : undefined}
              maxLength={200}
            />
            <Group>
              <Button type="submit" data-testid="offer-create-awb">
                {t("actions.create_awb")}
              </Button>
            </Group>
          </IntentForm>
        </FormSection>
      ) : null}
    </Stack>
  );
}
