/* The one platform-specific file of CUnderstudyHTTPWire. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "CUnderstudyHTTPWire.h"
#include "internal.h"

#if defined(__linux__)
#include <link.h>
#include <linux/sockios.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/auxv.h>
#include <sys/ioctl.h>

long long
uhw_socket_bytes_read(int fd)
{
    struct tcp_info info;
    socklen_t length = sizeof info;
    int queued = 0;
    memset(&info, 0, sizeof info);
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -1;
    /* tcpi_bytes_received came with Linux 4.1; an older kernel fills less of the struct. */
    if (length < offsetof(struct tcp_info, tcpi_bytes_received) + sizeof info.tcpi_bytes_received) return -1;
    if (ioctl(fd, SIOCINQ, &queued) != 0 || queued < 0) return -1;
    if (info.tcpi_bytes_received < (uint64_t)queued) return -1;
    return (long long)(info.tcpi_bytes_received - (uint64_t)queued);
}

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

/* Darwin: not measured (its TCP_CONNECTION_INFO is untested here), so the first chunk-size line of a
 * connection's first request is read only as far as the socket shows it. */
long long
uhw_socket_bytes_read(int fd)
{
    (void)fd;
    return -1;
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
