import type { Kysely } from 'kysely'

// server.ts asks, for every image under /uploads/dogs/, which dog it belongs to (app/upload-access.server.ts,
// decision 061): an index on the path answers that without reading the table.

export async function up(db: Kysely<unknown>) {
  await db.schema.createIndex('dogImages_path').on('dogImages').column('path').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('dogImages_path').execute()
}
