/*
 * Thin shim over libmicrohttpd for Swift. Swift cannot call C variadic
 * functions, so every variadic MHD entry point used by UnderstudyHTTP gets a
 * static inline wrapper here; Clang compiles them when Swift imports the module.
 */
#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <microhttpd.h>
#include <sys/mman.h>
#include <unistd.h>

static inline struct MHD_Daemon *
cmhd_start_daemon(unsigned int flags, uint16_t port,
                  MHD_AcceptPolicyCallback accept_policy, void *accept_policy_cls,
                  MHD_AccessHandlerCallback handler, void *handler_cls,
                  const struct MHD_OptionItem *options)
{
    return MHD_start_daemon(flags, port, accept_policy, accept_policy_cls, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/* Options whose value is a function pointer must travel as intptr_t. */
static inline struct MHD_OptionItem
cmhd_option_notify_completed(MHD_RequestCompletedCallback callback, void *cls)
{
    struct MHD_OptionItem item = { MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)callback, cls };
    return item;
}

static inline struct MHD_OptionItem
cmhd_option_notify_connection(MHD_NotifyConnectionCallback callback, void *cls)
{
    struct MHD_OptionItem item = { MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)callback, cls };
    return item;
}

/* Percent-decoding for URLs and query values that leaves %00 encoded: a
 * decoded NUL would silently cut the C string the handler receives, so
 * "/a%00b" would be served as "/a". */
static inline int cmhd_hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static inline size_t
cmhd_unescape_keeping_nul(void *cls, struct MHD_Connection *connection, char *value)
{
    (void)cls; (void)connection;
    char *read = value, *write = value;
    while (*read) {
        int high = read[0] == '%' ? cmhd_hex_value(read[1]) : -1;
        int low = high >= 0 ? cmhd_hex_value(read[2]) : -1;
        if (low >= 0 && (high | low) != 0) {
            *write++ = (char)(high * 16 + low);
            read += 3;
        } else {
            *write++ = *read++;
        }
    }
    *write = 0;
    return (size_t)(write - value);
}

static inline struct MHD_OptionItem
cmhd_option_unescape_keeping_nul(void)
{
    struct MHD_OptionItem item = { MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)cmhd_unescape_keeping_nul, NULL };
    return item;
}

/* MHD hands its log lines over as printf format + va_list; format them here
 * and pass a plain C string to a Swift sink. */
typedef void (*cmhd_log_sink)(const char *message);

static inline void
cmhd_log_trampoline(void *cls, const char *format, va_list arguments)
{
    char buffer[1024];
    vsnprintf(buffer, sizeof buffer, format, arguments);
    ((cmhd_log_sink)cls)(buffer);
}

static inline struct MHD_OptionItem
cmhd_option_external_logger(cmhd_log_sink sink)
{
    struct MHD_OptionItem item = { MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)cmhd_log_trampoline, (void *)sink };
    return item;
}

/* Copies a request's query arguments and header fields into one buffer, so
 * Swift makes one allocation per request instead of two strings per field:
 * the query's fields first, then the headers'. Each field is the name's and
 * the value's lengths (two native uint32_t), then the name's and the value's
 * bytes. A missing value (`?flag`) is empty. Call once with `out` NULL to
 * learn both sizes, then with a buffer of their sum. */
struct cmhd_packing { char *out; size_t used[2]; };

static enum MHD_Result
cmhd_pack_value(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    struct cmhd_packing *packing = (struct cmhd_packing *)cls;
    int part = kind == MHD_GET_ARGUMENT_KIND ? 0 : 1;
    uint32_t lengths[2] = { (uint32_t)strlen(key), value ? (uint32_t)strlen(value) : 0 };
    size_t size = sizeof lengths + lengths[0] + lengths[1];
    if (packing->out != NULL) {
        char *at = packing->out + packing->used[part];
        memcpy(at, lengths, sizeof lengths);
        memcpy(at + sizeof lengths, key, lengths[0]);
        if (lengths[1] > 0) memcpy(at + sizeof lengths + lengths[0], value, lengths[1]);
    }
    packing->used[part] += size;
    return MHD_YES;
}

/* Measures (out NULL) or packs the query into out[0, query_size) and the
 * headers into out[query_size, query_size + header_size). */
static inline void
cmhd_pack_request(struct MHD_Connection *connection, void *out, size_t *query_size, size_t *header_size)
{
    struct cmhd_packing packing = { (char *)out, { 0, out != NULL ? *query_size : 0 } };
    MHD_get_connection_values(connection, MHD_GET_ARGUMENT_KIND | MHD_HEADER_KIND, cmhd_pack_value, &packing);
    if (out == NULL) {
        *query_size = packing.used[0];
        *header_size = packing.used[1];
    }
}

static inline unsigned int
cmhd_current_connections(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info ? info->num_connections : 0;
}

static inline int
cmhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/* The pointer stored through the connection-notification callback's socket_context. */
static inline void *
cmhd_connection_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

static inline const struct sockaddr *
cmhd_connection_client_address(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

static inline enum MHD_Result
cmhd_set_connection_timeout(struct MHD_Connection *connection, unsigned int seconds)
{
    return MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}

/* The one platform-specific part of this header. Linux: the program's ELF
 * program headers come from the auxiliary vector. Darwin (Mach-O, no auxv):
 * nothing to do, the memory trick is Linux-only and reports 0 bytes. */
#if defined(__linux__)
#include <link.h>
#include <sys/auxv.h>

/* Unmaps the resident pages of the main program's read-only executable
 * segments (they stay in the page cache; a later use maps them again). The
 * kernel maps code in 64 KiB blocks around each page fault, so start-up code
 * that never runs again keeps megabytes resident. Returns the bytes advised. */
static inline size_t
cmhd_drop_code_pages(void)
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
static inline size_t cmhd_drop_code_pages(void) { return 0; }
#else
#error "CMicroHTTPD builds on Linux and on Darwin (macOS); add this system's cmhd_drop_code_pages"
#endif

#endif
