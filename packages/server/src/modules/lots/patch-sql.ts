/**
 * Lot patches written set-based: the patches of one shape (the same fields set) go as one `UPDATE … FROM
 * jsonb_to_recordset(…)` per chunk, so a repricing round over 10,000 lots costs a few statements, not 10,000.
 */
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { lots } from '../../db/schema.ts';
import type { LotDbRow, LotPatch } from './types.ts';

/** Rows per statement: one JSON parameter of a few hundred kilobytes at most. */
export const PATCH_CHUNK = 1_000;

type Field = Exclude<keyof LotPatch, 'id'>;

/** Each patchable field: its column and the SQL type the JSON value is read as. */
const FIELDS: Record<Field, { column: string; type: string; money?: true }> = {
  price: { column: 'price', type: 'bigint', money: true },
  status: { column: 'status', type: 'text' },
  issues: { column: 'issues', type: 'jsonb' },
  lastPriceWriteAt: { column: 'last_price_write_at', type: 'timestamptz' },
  priceUpdatedAt: { column: 'price_updated_at', type: 'timestamptz' },
  settlement: { column: 'settlement', type: 'bigint' },
  lastWrittenPrice: { column: 'last_written_price', type: 'bigint', money: true },
  lastRepriceReason: { column: 'last_reprice_reason', type: 'text' },
  minPrice: { column: 'min_price', type: 'bigint', money: true },
  maxPrice: { column: 'max_price', type: 'bigint', money: true },
  profile: { column: 'profile', type: 'text' },
  strategy: { column: 'strategy', type: 'jsonb' },
  purchasePrice: { column: 'purchase_price', type: 'bigint', money: true },
  itemId: { column: 'item_id', type: 'text' },
  listedAt: { column: 'listed_at', type: 'timestamptz' },
};

const NEXT_WRITE = sql`nextval('lot_write_seq')`;

/** Later patches of the same lot win field by field, as they would written one after the other. */
function merged(patches: readonly LotPatch[]): LotPatch[] {
  const byId = new Map<number, LotPatch>();
  for (const patch of patches) byId.set(patch.id, { ...byId.get(patch.id), ...patch });
  return [...byId.values()];
}

function fieldsOf(patch: LotPatch): Field[] {
  return (Object.keys(patch) as (keyof LotPatch)[])
    .filter((key): key is Field => key !== 'id' && patch[key] !== undefined)
    .sort();
}

/** Money is integer minor units: a fraction is refused here rather than rounded by the database. */
function checkMoney(patch: LotPatch, fields: readonly Field[]) {
  for (const field of fields) {
    const value = patch[field];
    if (FIELDS[field].money && value !== null && !Number.isSafeInteger(value))
      throw new Error(`lot ${patch.id}: ${field} must be an integer amount of minor units`);
  }
}

/** Applies the patches to the user's lots; answers the changed rows in the patches' order (a lot once). */
export async function patchLots(
  tx: Db,
  userId: string,
  patches: readonly LotPatch[],
  now: Date,
): Promise<LotDbRow[]> {
  if (patches.length === 0) return [];
  const all = merged(patches);
  const shapes = new Map<string, { fields: Field[]; patches: LotPatch[] }>();
  for (const patch of all) {
    const fields = fieldsOf(patch);
    checkMoney(patch, fields);
    const key = fields.join();
    const shape = shapes.get(key) ?? { fields, patches: [] };
    shape.patches.push(patch);
    shapes.set(key, shape);
  }
  const changed = new Map<number, LotDbRow>();
  for (const { fields, patches: ofShape } of shapes.values())
    for (let start = 0; start < ofShape.length; start += PATCH_CHUNK) {
      const chunk = ofShape.slice(start, start + PATCH_CHUNK);
      for (const row of await patchShape(tx, userId, fields, chunk, now)) changed.set(row.id, row);
    }
  return all.map((patch) => changed.get(patch.id)).filter((row) => row !== undefined);
}

async function patchShape(
  tx: Db,
  userId: string,
  fields: readonly Field[],
  patches: readonly LotPatch[],
  now: Date,
): Promise<LotDbRow[]> {
  const json = JSON.stringify(
    patches.map((patch) => {
      const values: Record<string, unknown> = { id: patch.id };
      for (const field of fields) values[FIELDS[field].column] = patch[field];
      return values;
    }),
  );
  const set: Record<string, SQL> = {};
  for (const field of fields) set[field] = sql.raw(`v.${FIELDS[field].column}`);
  const columns = ['id int', ...fields.map((field) => `${FIELDS[field].column} ${FIELDS[field].type}`)].join(
    ', ',
  );
  return tx
    .update(lots)
    .set({ ...set, updatedAt: now, writeSeq: NEXT_WRITE })
    .from(sql`jsonb_to_recordset(${json}::jsonb) as v(${sql.raw(columns)})`)
    .where(and(eq(lots.userId, userId), sql`${lots.id} = v.id`))
    .returning(getTableColumns(lots));
}
