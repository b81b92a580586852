import { constants } from 'node:fs'
import { access, mkdir, open, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { answersInTime, checkedKey, checkedPrefix, type FileStorage, type StoredFile, StoredFileExistsError } from './file-storage.ts'

/** Stored files in a folder of this machine (UPLOAD_DIR): the default, for one machine. */
export function localFolderStorage(directory: string): FileStorage {
  const root = path.resolve(directory)
  const fileOf = (key: string) => {
    const file = path.resolve(root, ...checkedKey(key).split('/'))
    if (!file.startsWith(root + path.sep)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`)
    return file
  }

  return {
    description: `the folder ${directory}`,

    async put(key, data) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, data, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? new StoredFileExistsError(key) : error
      })
    },

    async get(key) {
      return openLocalFile(fileOf(key))
    },

    async delete(key) {
      await rm(fileOf(key), { force: true })
    },

    async list(prefix) {
      const folder = path.join(root, ...checkedPrefix(prefix).split('/').slice(0, -1))
      const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return []
        throw error
      })
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .filter((key) => key.startsWith(prefix))
        .sort()
    },

    isReachable: () =>
      answersInTime(async () => {
        await mkdir(root, { recursive: true })
        await access(root, constants.W_OK)
      }),
  }
}

/** The regular file at `file` opened for reading, or null when there is none. */
export async function openLocalFile(file: string): Promise<StoredFile | null> {
  const handle = await open(file, 'r').catch(() => null)
  if (!handle) return null
  const stats = await handle.stat().catch(() => null)
  if (!stats?.isFile()) {
    await handle.close().catch(() => {})
    return null
  }
  // The stream closes the descriptor when it ends, fails or is destroyed.
  return { size: stats.size, etag: `${stats.size.toString(36)}-${stats.mtimeMs.toString(36)}`, body: handle.createReadStream() }
}
