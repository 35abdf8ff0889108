import { notFound } from "~/lib/http/not-found.server";
import { Badge } from "~/components/plain/badge";
import { Group } from "~/components/plain/group";
import { Paper } from "~/components/plain/paper";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { PageHeader, ReadOnlyValue } from "~/components/settings/form-parts";
import { useFormat } from "~/components/settings/format";
import { requirePage } from "~/lib/auth/require-page.server";
import { getCompanyState } from "~/lib/upstream/company-state.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";

const ROUTE = "/dashboard/settings/beneficiary-state";
const AMOUNTS = ["balance", "obligations", "pending", "blocked", "debt"] as const;

export const handle = { i18n: ["parties", "common", "errors"] };
export const meta = pageMeta;

/** The escrow-style account of the current company (spec 2 "Settlements"), staging only per the access table. */
export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const companyId = user.profile.company_id;
  if (!companyId) throw notFound();
  const state = await getCompanyState(user.api, Number(companyId));
  if (!state.ok) throw failureResponse(state);
  return json({
    pageTitle,
    company: `${user.profile.company_name ?? ""} (${user.profile.company_short_name ?? ""})`,
    state: { beneficiaryId: state.data.beneficiaryId, status: state.data.status ?? null, balance: state.data.balance, contracts: state.data.smartContracts.length },
  });
}

export default function BeneficiaryStatePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["parties", "common"]);
  const f = useFormat();
  const status = data.state.status;
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>
        {status ? (
          <Badge color={status === "active" ? "teal" : "gray"} variant="light" size="lg" data-testid="beneficiary-status">
            {t(`beneficiary.statuses.${status}`, { defaultValue: status })}
          </Badge>
        ) : null}
      </PageHeader>
      <Group gap="xl">
        <ReadOnlyValue label={t("beneficiary.company")} value={data.company} />
        <ReadOnlyValue label={t("beneficiary.beneficiaryId")} value={data.state.beneficiaryId} testId="beneficiary-id" />
        <ReadOnlyValue label={t("beneficiary.contracts")} value={f.number(data.state.contracts)} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} data-testid="beneficiary-balance">
        {AMOUNTS.map((key) => (
          <Paper key={key} withBorder p="md" radius="md">
            <Text size="sm" c="dimmed">
              {t(`beneficiary.amounts.${key}`)}
            </Text>
            <Text size="xl" fw={700} data-testid={`amount-${key}`}>
              {f.number(data.state.balance[key], { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
