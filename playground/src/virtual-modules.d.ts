// Modules the build (playground/build.mjs) writes into the page's bundle.
declare module 'platlint-playground:examples' {
  /** An example of fixtures/examples: its path below that folder, its text, and its folder's configuration ('' for none). */
  export interface Example {
    name: string;
    text: string;
    config: string;
  }
  export const EXAMPLES: readonly Example[];
}
