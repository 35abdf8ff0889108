import { Button } from "~/components/plain/button";
import { Checkbox } from "~/lib/mantine/Checkbox";
import { Group } from "~/components/plain/group";
import { NativeSelect } from "~/lib/mantine/NativeSelect";
import { Paper } from "~/components/plain/paper";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { TextInput } from "~/components/plain/text-input";
import { Title } from "~/components/plain/title";
import { useTranslation } from "react-i18next";
import { awbPdfPath, EAP_OPTIONS, labelFiles, labelsPath } from "~/lib/documents/document-links";

/**
 * The shipment page's print and labels (issue 11): the air waybill PDF with spec 3's print options as checkboxes, and the
 * cargo labels with an optional station (one file per block of pieces when there are many). Both are plain GET
 * forms whose answer is the file, so they work without JS; they open in a new tab to keep the page.
 */
export function AwbPrintForms({ mawb, pieces }: { mawb: string; pieces: number }) {
  const { t } = useTranslation("awb");
  const files = labelFiles(mawb, pieces);
  return (
    <Paper withBorder p="md" data-testid="awb-print-forms">
      <Title order={2} size="h4" mb="sm">
        {t("documents.title")}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <form method="get" action={awbPdfPath(mawb)} target="_blank" data-testid="awb-print-form">
          <Stack gap={6}>
            {EAP_OPTIONS.map((option) => (
              <Checkbox key={option} name={option} label={t(`documents.options.${option}`)} size="sm" />
            ))}
            <Group>
              <Button type="submit" variant="default" size="sm">
                {t("documents.print")}
              </Button>
            </Group>
          </Stack>
        </form>
        <form method="get" action={labelsPath(mawb)} target="_blank" data-testid="awb-labels-form">
          <Stack gap={6}>
            <TextInput name="station" label={t("documents.station")} maxLength={3} size="sm" w={140} autoComplete="off" />
            {files.length > 1 ? (
              <NativeSelect
                name="first_piece"
                label={t("documents.firstPiece")}
                size="sm"
                data={files.map((f) => ({ value: String(f.first), label: t("documents.labelsRange", { first: f.first, last: f.last }) }))}
              />
            ) : null}
            <Group>
              <Button type="submit" variant="default" size="sm">
                {t("documents.labels")}
              </Button>
            </Group>
          </Stack>
        </form>
      </SimpleGrid>
    </Paper>
  );
}
