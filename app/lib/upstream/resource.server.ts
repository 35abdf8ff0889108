import type { ZodType, ZodTypeDef } from "zod";
import type { SortQuery } from "~/lib/settings/sort";
import type { QueryValue, Upstream } from "./client.server";
import type { ErrorMapper } from "./errors";
import { pageOf } from "./schemas";

// The calls of one standard collection of the API (spec 3 §7 "Other standard resources"), which every settings
// resource answers the same way: GET and POST `path`, GET, PATCH and DELETE `path/{id}`. A module names only what
// differs: its path, answer schema, body key and refusals, and the types of its list query and bodies.

/** The paging and sorting every settings list takes; a resource adds its own filters. */
export type PageQuery = { page: number; per_page: number } & SortQuery;

/**
 * A list query: any object whose values are query values. Written as a mapped type rather than
 * `Record<string, QueryValue>` so that interfaces (which have no index signature) qualify too.
 */
type QueryOf<Q> = { [K in keyof Q]: QueryValue };

/** A schema whose output is `T`, whatever the wire carried (as the client's CallOptions takes it). */
type Reader<T> = ZodType<T, ZodTypeDef, unknown>;

/** One page of a collection (`{ data, meta }`, DESIGN §4); the query is copied, as a plain record. */
export function pagedList<Item, Query extends QueryOf<Query>>(path: string, item: Reader<Item>) {
  return (api: Upstream, query: Query) => api.get(path, { query: { ...query } as Record<string, QueryValue>, schema: pageOf(item) });
}

export interface ResourceSpec<T, Input> {
  /** The collection, e.g. "api/v3/product_codes"; one record is `path/{id}`. */
  path: string;
  /** Reads the answer of get, create and update (and, as a page, of list). */
  schema: Reader<T>;
  /** The key a create or update body is wrapped in: `{ product_code: input }`. */
  bodyKey: string;
  /** The resource's refusals (spec 3 §8), on every call but list. */
  errors?: ErrorMapper;
  /** A field only a create sends (the owner a platform user picks: `carrier`, `forwarder_short_name`); an update leaves it out. */
  createOnly?: keyof Input & string;
}

/**
 * The client of one collection. `T` is a record as the schema reads it, `Query` what its list takes, `Input` the
 * body of a create and `Update` that of an update (the same unless the resource takes partial changes).
 */
export function resourceClient<T, Query extends QueryOf<Query>, Input extends object, Update extends object = Input>(spec: ResourceSpec<T, Input>) {
  const { path, schema, bodyKey, errors, createOnly } = spec;
  const one = (id: number) => `${path}/${id}`;
  const changes = (input: Update): object => {
    if (!createOnly) return input;
    const { [createOnly]: _owner, ...rest } = input as Record<string, unknown>;
    return rest;
  };
  return {
    path,
    list: pagedList<T, Query>(path, schema),
    get: (api: Upstream, id: number) => api.get(one(id), { schema, errors }),
    create: (api: Upstream, input: Input) => api.post(path, { json: { [bodyKey]: input }, schema, errors }),
    update: (api: Upstream, id: number, input: Update) => api.patch(one(id), { json: { [bodyKey]: changes(input) }, schema, errors }),
    delete: (api: Upstream, id: number) => api.delete(one(id), { errors }),
  };
}
