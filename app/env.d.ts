/// <reference types="@remix-run/node" />
/** The classic compiler turns a CSS import into the URL of the emitted file. */
declare module "*.css" {
  const href: string;
  export default href;
}
