/** The part of Postman's SDK this tool uses: postman-collection ships its typings in types/ but
 * its package.json does not name them, so TypeScript does not find them. */
declare module 'postman-collection' {
  export class Collection {
    constructor(definition?: object);
    readonly items: { all(): unknown[]; count(): number };
    toJSON(): object;
  }
  const sdk: { Collection: typeof Collection };
  export default sdk;
}
