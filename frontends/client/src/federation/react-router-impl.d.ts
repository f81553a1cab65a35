/** Types of the `closr:react-router` alias (narrow-shares.ts): react-router's own build. */
declare module "closr:react-router" {
  export * from "react-router";
}
