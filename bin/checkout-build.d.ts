/** checkout-build.js is JavaScript: the bin runs it before any TypeScript can be loaded. */
export declare function compiledCheckout(root: URL): Promise<URL | undefined>;
