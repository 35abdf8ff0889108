import { Alert } from "~/lib/mantine/Alert";
import { messageArgs } from "~/lib/upstream/refusal";
import { stateAllows, type ShipmentAction } from "../../../cargo/awb/shipment-state";
import { Anchor } from "~/components/plain/anchor";
import { Button } from "~/components/plain/button";
import { Text } from "~/components/plain/text";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { CsrfInput } from "~/components/form-guards";
import type { HandlingFeedback, HandlingIntent, HandlingTab } from "~/lib/flights/handling-values";
import type { FlightRow } from "~/lib/upstream/handling.server";

// Small pieces every handling tab of the flight page shares: a row's own POST form (CSRF, the tab to come back to;
// works without JS), the feedback of the last refused submission for exactly that form (what was typed and why,
// translated, beside the field), and figures written as "2 pcs · 100 kg · 0.5 m³".

/** The refused submission of this form (intent + row), if the last action was one. */
export function useHandlingFeedback(intent: HandlingIntent, row: string): HandlingFeedback | null {
  const data = useActionData<{ handling?: HandlingFeedback }>();
  const f = data?.handling;
  return f && f.intent === intent && f.row === row ? f : null;
}

/** A POST form of a handling tab: `intent` travels with its submit button (HandlingSubmit). */
export function HandlingForm({ tab, children, testId, confirmText }: { tab: HandlingTab; children: ReactNode; testId?: string; confirmText?: string }) {
  return (
    <Form
      method="post"
      data-testid={testId}
      style={{ display: "flex", gap: 6, alignItems: "flex-start", flexWrap: "wrap" }}
      onSubmit={confirmText ? (e) => (confirm(confirmText) ? undefined : e.preventDefault()) : undefined}
    >
      <CsrfInput />
      <input type="hidden" name="tab" value={tab} />
      {children}
    </Form>
  );
}

export function HandlingSubmit({ intent, label, testId, color, variant = "light" }: { intent: HandlingIntent; label: string; testId?: string; color?: string; variant?: "light" | "filled" | "subtle" }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" name="intent" value={intent} size="compact-sm" variant={variant} color={color} loading={busy} data-testid={testId}>
      {label}
    </Button>
  );
}

/** The errors of one field (i18n keys) in the user's language. */
export function FieldErrors({ feedback, field }: { feedback: HandlingFeedback | null; field: string }) {
  const { t } = useTranslation(["handling", "errors"]);
  const messages = feedback?.fieldErrors[field];
  if (!messages?.length) return null;
  return (
    <Text size="xs" c="red" role="alert" data-testid={`error-${field}`}>
      {messages.map((m) => t(...messageArgs(m))).join(" ")}
    </Text>
  );
}

/** The form-wide errors of a refused submission (the API's refusal without a field). */
export function FormErrors({ feedback }: { feedback: HandlingFeedback | null }) {
  const { t } = useTranslation(["handling", "errors"]);
  const messages = [...(feedback?.formErrors ?? []), ...(feedback?.fieldErrors.base ?? [])];
  if (!messages.length) return null;
  return (
    <Alert color="red" role="alert" p="xs" data-testid="handling-form-error">
      {messages.map((m) => t(...messageArgs(m))).join(" ")}
    </Alert>
  );
}

/** "2 pcs · 100 kg · 0.5 m³" (volume left out when not given). */
export function useFigures() {
  const { t } = useTranslation("handling");
  return (f: { pieces: number; weight: number; volume?: number | null } | null) =>
    f ? [t("units.pieces", { count: f.pieces }), t("units.kg", { value: f.weight }), f.volume != null ? t("units.m3", { value: f.volume }) : null].filter(Boolean).join(" · ") : "—";
}

/** The first column of the handling tables: the waybill's number, a link to its shipment page. */
export function useMawbColumn<Row extends { mawb: string }>(): Column<Row> {
  const { t } = useTranslation("handling");
  return {
    key: "mawb",
    header: t("columns.mawb"),
    render: (r) => (
      <Anchor component={Link} to={`/dashboard/shipments/${r.mawb}`} data-testid="row-mawb">
        {r.mawb}
      </Anchor>
    ),
  };
}

/**
 * Whether the shipment's state graph (cargo/awb/shipment-state) lets this row take the step; a row whose state the API
 * did not say offers it and leaves the decision to the API's refusal.
 */
export const rowAllows = (row: Pick<FlightRow, "shipment_state">, action: ShipmentAction) => !row.shipment_state || stateAllows(row.shipment_state, action);
