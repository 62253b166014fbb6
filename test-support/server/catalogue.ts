import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/open-database';

/**
 * What a database is made of, read from PostgreSQL's catalogue as one sorted list of `[object, definition]`: the
 * functions of the public schema (pg_proc, their whole text), the triggers (pg_trigger), views, tables' columns,
 * constraints and indexes. Two databases with the same list run the same rules on the same tables.
 */
export async function catalogue(database: Database): Promise<[string, string][]> {
  const { rows } = (await database.db.execute(sql`
    select 'function ' || p.oid::regprocedure::text as object, pg_get_functiondef(p.oid) as definition
      from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')
    union all
    select 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text, pg_get_triggerdef(t.oid)
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = 'public'::regnamespace
    union all
    select 'view ' || c.oid::regclass::text, pg_get_viewdef(c.oid)
      from pg_class c where c.relkind in ('v', 'm') and c.relnamespace = 'public'::regnamespace
    union all
    select 'column ' || table_name || '.' || column_name,
        concat_ws(' ', ordinal_position, data_type, is_nullable, column_default, is_generated, generation_expression)
      from information_schema.columns where table_schema = 'public'
    union all
    select 'constraint ' || conrelid::regclass::text || '.' || conname, pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 'index ' || indexname, indexdef from pg_indexes where schemaname = 'public'
    order by 1, 2
  `)) as unknown as { rows: { object: string; definition: string }[] };
  return rows.map((row) => [row.object, row.definition]);
}

/** The functions of the public schema that no extension brought (pg_trgm's are the extension's), by name. */
export async function ownFunctions(database: Database): Promise<string[]> {
  const { rows } = (await database.db.execute(sql`
    select distinct p.proname as name from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by 1
  `)) as unknown as { rows: { name: string }[] };
  return rows.map((row) => row.name);
}
