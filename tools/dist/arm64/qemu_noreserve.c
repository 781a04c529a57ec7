/* Preloaded (qemu-aarch64-static -E LD_PRELOAD=...) into the arm64 programs the tests run under
 * qemu-user: adds MAP_NORESERVE to shared file mappings.
 *
 * qemu-user emulates a guest mmap(MAP_SHARED, fd) as two host mappings: first an anonymous one
 * of the whole length with the guest's flags (MAP_SHARED|MAP_ANONYMOUS, a placeholder), then the
 * file over it. The kernel charges that anonymous shared placeholder against the commit limit,
 * and under the default heuristic overcommit refuses one larger than RAM plus swap: LMDB's
 * 64 GiB map (ddbemu's default map_size_bytes) fails with ENOMEM on a smaller machine, under
 * qemu only. With MAP_NORESERVE in the guest's flags the placeholder is not charged. For a file
 * mapping itself the flag changes nothing (shared file pages are never charged), so the
 * programs behave as on arm64 hardware. Built by tools/dist/arm64/build.sh into build/arm64.
 */
#define _GNU_SOURCE
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

void* mmap(void* addr, size_t length, int prot, int flags, int fd, off_t offset) {
  if ((flags & MAP_SHARED) && !(flags & MAP_ANONYMOUS)) flags |= MAP_NORESERVE;
  /* syscall() returns -1 with errno set on failure, which is MAP_FAILED. */
  return (void*)syscall(SYS_mmap, addr, length, prot, flags, fd, offset);
}

void* mmap64(void* addr, size_t length, int prot, int flags, int fd, off_t offset)
    __attribute__((alias("mmap")));
