import { type Compilable, CompiledQuery } from 'kysely';

// Kysely builds a query as a tree of frozen nodes and walks it into text on every call: for a
// statement run on every order (a dozen of them) that is a good part of the request's CPU. A
// template is that work done once per shape: its text, and where each parameter comes from.

/** Where a template's parameter comes from: one of the call's values (by name), or a constant of the query. */
type TemplateParameter = { value: string } | { constant: unknown };

interface QueryTemplate {
  sql: string;
  parameters: TemplateParameter[];
}

/** Stands for a value while a template is compiled; no text a caller passes starts with U+0000 (Postgres refuses it). */
const MARKER_PREFIX = '\u0000template:';

const templates = new Map<string, QueryTemplate>();

function makeTemplate<V extends Record<string, unknown>>(shape: string, names: readonly string[], build: (values: V) => Compilable<unknown>): QueryTemplate {
  const markers = Object.fromEntries(names.map((name) => [name, `${MARKER_PREFIX}${name}`])) as V;
  const compiled = build(markers).compile();
  if (compiled.sql.includes(MARKER_PREFIX)) throw new Error(`query template '${shape}': a value was written into the text, not passed as a parameter`);
  const parameters = compiled.parameters.map((parameter): TemplateParameter => {
    const isMarker = typeof parameter === 'string' && parameter.startsWith(MARKER_PREFIX);
    return isMarker ? { value: parameter.slice(MARKER_PREFIX.length) } : { constant: parameter };
  });
  // A value the builder read for a decision (a branch, a column left out) never becomes a parameter: that decision belongs in the shape.
  const unused = names.filter((name) => !parameters.some((parameter) => 'value' in parameter && parameter.value === name));
  if (unused.length) throw new Error(`query template '${shape}': ${unused.join(', ')} did not become parameters`);
  return { sql: compiled.sql, parameters };
}

/**
 * `build(values).compile()`, with Kysely's building and compiling done once per `shape`: later
 * calls only put their values in the template's parameters. `shape` names the query and every
 * choice its builder makes; the builder uses `values` only as values (each one a parameter,
 * checked when the template is made), and none of them may be undefined (a column left out).
 */
export function compiledOnce<V extends Record<string, unknown>, O>(shape: string, values: V, build: (values: V) => Compilable<O>): CompiledQuery<O> {
  let template = templates.get(shape);
  if (!template) {
    template = makeTemplate(shape, Object.keys(values), build);
    templates.set(shape, template);
  }
  return CompiledQuery.raw(
    template.sql,
    template.parameters.map((parameter) => ('value' in parameter ? values[parameter.value] : parameter.constant)),
  ) as CompiledQuery<O>;
}
