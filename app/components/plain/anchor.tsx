import type { AnchorProps } from "@mantine/core";
import { type ComponentPropsWithoutRef, type ElementType, forwardRef } from "react";
import { Anchor as MantineAnchor } from "~/lib/mantine/Anchor";
import { needsMantine } from "./box-props";
import { textRoot } from "./text";

const ANCHOR_MANTINE_ONLY = new Set(["gradient", "lineClamp", "inline", "inherit", "mod"]);
const ANCHOR_NAMES = { own: "m_b6d8b162", statics: "mantine-Text-root mantine-Anchor-root" };

export type PlainAnchorProps<C extends ElementType = "a"> = AnchorProps & { component?: C } & Omit<ComponentPropsWithoutRef<C>, keyof AnchorProps | "component">;

/** Mantine's Anchor on a plain element: Text's markup with the anchor's class and its underline mode. */
export const Anchor = forwardRef<HTMLElement, PlainAnchorProps<ElementType>>(function Anchor(props, ref) {
  if (needsMantine(props, ANCHOR_MANTINE_ONLY)) return <MantineAnchor ref={ref as never} {...(props as AnchorProps)} />;
  const { component, underline = "hover", className, ...others } = props as Record<string, unknown> & PlainAnchorProps<ElementType>;
  const Element: ElementType = component ?? "a";
  const attributes = textRoot({ ...others, className: className ? `m_849cf0da ${className}` : "m_849cf0da" }, ANCHOR_NAMES);
  return <Element ref={ref} {...attributes} data-underline={underline} />;
}) as <C extends ElementType = "a">(props: PlainAnchorProps<C> & { ref?: unknown }) => JSX.Element;
