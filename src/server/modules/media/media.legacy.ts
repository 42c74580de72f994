import type { MediaStorage } from './media.storage'

/**
 * An object store that still finds the files kept on disk before it was configured: a file
 * missing from the store is read from the disk, removals reach both, new files go to the store
 * only. Usage counts the store: the disk's files are on their way out.
 */
export function withDiskFallback(store: MediaStorage, disk: MediaStorage): MediaStorage {
  return {
    stagingPath: store.stagingPath,
    commit: store.commit,
    write: store.write,
    read: async (companyId, relative, range) =>
      (await store.read(companyId, relative, range)) ?? disk.read(companyId, relative),
    async remove(companyId, relative) {
      await store.remove(companyId, relative)
      await disk.remove(companyId, relative)
    },
    async removeCompany(companyId) {
      await store.removeCompany(companyId)
      await disk.removeCompany(companyId)
    },
    usage: store.usage,
  }
}
