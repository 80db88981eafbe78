// The API speaks camelCase (priceCents), the database snake_case (price_cents).
// Where a write copies named fields to their columns, or an answer copies named
// columns to its fields, the renaming is written once here, typed key by key:
// a misspelt name, or a field whose column does not exist, fails the typecheck.

/** 'priceCents' → 'price_cents'. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}` : S;

/** 'price_cents' → 'priceCents'. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

export type AsColumns<T> = { [K in keyof T & string as SnakeCase<K>]: T[K] };
export type AsFields<T> = { [K in keyof T & string as CamelCase<K>]: T[K] };

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The named fields (and only those: the object may hold more) under their column names. */
export function pickColumns<T, K extends keyof T & string>(fields: T, names: readonly K[]): AsColumns<Pick<T, K>> {
  return Object.fromEntries(names.map((name) => [snakeCase(name), fields[name]])) as AsColumns<Pick<T, K>>;
}

/** The named columns of a row under their field names. */
export function pickFields<T, K extends keyof T & string>(row: T, names: readonly K[]): AsFields<Pick<T, K>> {
  return Object.fromEntries(names.map((name) => [camelCase(name), row[name]])) as AsFields<Pick<T, K>>;
}
