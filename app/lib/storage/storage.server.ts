import { env } from '../env.server.ts'
import { bucketStorage } from './bucket-storage.server.ts'
import type { FileStorage } from './file-storage.ts'
import { localFolderStorage } from './local-folder-storage.server.ts'

export { type FileStorage, type StoredFile, StoredFileExistsError } from './file-storage.ts'

/** Where this instance stores images: the bucket of S3_BUCKET when set, else the folder UPLOAD_DIR (decision 067). */
export const storage: FileStorage = env.bucket ? bucketStorage(env.bucket) : localFolderStorage(env.UPLOAD_DIR)
