// node-postgres' conversion of a query parameter to what it sends (the module ships no types of its own).
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
