import { Group } from "~/components/plain/group";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";

/** How many receptacles a list finds and how much they weigh together (the API's meta count and sum_weight). */
export function ReceptacleFigures({ count, weight }: { count: number; weight: string }) {
  const { t } = useTranslation("receptacles");
  return (
    <Group gap="lg" data-testid="receptacle-figures">
      <Text size="sm">
        {t("figures.count")}: <strong data-testid="receptacle-count">{count}</strong>
      </Text>
      <Text size="sm">
        {t("figures.weight")}: <strong data-testid="receptacle-weight">{weight}</strong>
      </Text>
    </Group>
  );
}
