import type { SerializeFrom } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { ComponentType } from "react";
import { Stack } from "~/components/plain/stack";
import { PageHeader } from "./form-parts";

// Every settings create/edit page (and the airline's own settings) is its title over one form, fed by the route's
// loader data and its action's last answer. `formPage` makes that page once; the route says only what goes under
// the title (the form, and any read-only value above it).

export interface FormPageProps<Loader, Action> {
  data: SerializeFrom<Loader>;
  lastResult: SerializeFrom<Action> | undefined;
}

/** A route's default export: the page's title (the loader's `pageTitle`) over `Body`. */
export function formPage<Loader, Action>(Body: ComponentType<FormPageProps<Loader, Action>>) {
  return function SettingsFormPage() {
    const data = useLoaderData<Loader>();
    const lastResult = useActionData<Action>();
    return (
      <Stack gap="md">
        <PageHeader title={(data as { pageTitle: string }).pageTitle} />
        <Body data={data} lastResult={lastResult} />
      </Stack>
    );
  };
}
