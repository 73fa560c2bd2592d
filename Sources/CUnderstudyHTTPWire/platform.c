/* The one platform-specific file of CUnderstudyHTTPWire. */
#include <stdint.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "CUnderstudyHTTPWire.h"
#include "internal.h"

#if defined(__linux__)
#include <link.h>
#include <sys/auxv.h>

ssize_t
uhw_send_quietly(int fd, const void *bytes, size_t length)
{
    return send(fd, bytes, length, MSG_NOSIGNAL | MSG_DONTWAIT);
}

/* Linux: the program's ELF program headers come from the auxiliary vector. */
size_t
uhw_drop_code_pages(void)
{
    const ElfW(Phdr) *headers = (const ElfW(Phdr) *)getauxval(AT_PHDR);
    size_t count = (size_t)getauxval(AT_PHNUM);
    uintptr_t base = 0, page = (uintptr_t)sysconf(_SC_PAGESIZE);
    size_t advised = 0;
    if (headers == NULL) return 0;
    for (size_t index = 0; index < count; index++) {
        if (headers[index].p_type == PT_PHDR) base = (uintptr_t)headers - headers[index].p_vaddr;
    }
    for (size_t index = 0; index < count; index++) {
        const ElfW(Phdr) *header = &headers[index];
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_X) || (header->p_flags & PF_W)) continue;
        uintptr_t start = (base + header->p_vaddr) & ~(page - 1);
        uintptr_t end = (base + header->p_vaddr + header->p_memsz + page - 1) & ~(page - 1);
        if (madvise((void *)start, end - start, MADV_DONTNEED) == 0) advised += end - start;
    }
    return advised;
}
#elif defined(__APPLE__)
/* Darwin has no MSG_NOSIGNAL; the server ignores SIGPIPE for the whole process. */
ssize_t
uhw_send_quietly(int fd, const void *bytes, size_t length)
{
    return send(fd, bytes, length, MSG_DONTWAIT);
}

/* Darwin (Mach-O, no auxv): nothing to do, the memory trick is Linux-only and reports 0 bytes. */
size_t
uhw_drop_code_pages(void)
{
    return 0;
}
#else
#error "CUnderstudyHTTPWire builds on Linux and on Darwin (macOS); add this system's branch to platform.c"
#endif
