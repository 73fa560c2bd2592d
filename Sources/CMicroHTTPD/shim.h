/*
 * libmicrohttpd for Swift: <microhttpd.h>, plus static inline wrappers for the
 * calls Swift cannot make itself. Clang compiles them when Swift imports the
 * module. Three kinds, nothing else:
 *   - variadic functions (MHD_start_daemon, MHD_get_daemon_info,
 *     MHD_get_connection_info, MHD_set_connection_option, MHD_upgrade_action), called with fixed
 *     arguments;
 *   - options whose value is a function pointer, which MHD_OptionItem carries
 *     as an intptr_t;
 *   - MHD's printf-style log lines (format + va_list), formatted into a plain
 *     C string for a Swift sink.
 * Understudy's own C for the request path (strict checks, the raw target,
 * field packing, percent-decoding, first-bytes sniffing) is the
 * CUnderstudyHTTPWire target, in .c files.
 */
#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* ---- Variadic functions ---- */

static inline struct MHD_Daemon *
cmhd_start_daemon(unsigned int flags, uint16_t port,
                  MHD_AcceptPolicyCallback accept_policy, void *accept_policy_cls,
                  MHD_AccessHandlerCallback handler, void *handler_cls,
                  const struct MHD_OptionItem *options)
{
    return MHD_start_daemon(flags, port, accept_policy, accept_policy_cls, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

static inline int
cmhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/* The connections a daemon holds now (its thread pool's summed). */
static inline unsigned int
cmhd_current_connections(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info ? info->num_connections : 0;
}

/* The pointer stored through the connection-notification callback's socket_context. */
static inline void *
cmhd_connection_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/* Gives an upgraded (WebSocket) socket back to libmicrohttpd, which closes it: the application must not close it. */
static inline enum MHD_Result
cmhd_upgrade_close(struct MHD_UpgradeResponseHandle *urh)
{
    return MHD_upgrade_action(urh, MHD_UPGRADE_ACTION_CLOSE);
}

/* ---- Options whose value is a function pointer (it must travel as intptr_t) ---- */

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

/* The unescape callback (Understudy's is uhw_unescape_keeping_nul, which leaves %00 encoded);
 * 0.9.75's header names no type for it. */
typedef size_t (*cmhd_unescape_callback)(void *cls, struct MHD_Connection *connection, char *value);

static inline struct MHD_OptionItem
cmhd_option_unescape(cmhd_unescape_callback callback)
{
    struct MHD_OptionItem item = { MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)callback, NULL };
    return item;
}

/* The URI-log callback, which sees the raw request target before MHD splits
 * off the query and unescapes it in place: handed to a Swift sink, which
 * keeps it (uhw_take_target). */
typedef void (*cmhd_uri_sink)(struct MHD_Connection *connection, char *uri);

static inline void *
cmhd_uri_trampoline(void *cls, const char *uri, struct MHD_Connection *connection)
{
    ((cmhd_uri_sink)cls)(connection, (char *)uri);
    return NULL; /* becomes *req_cls: the handler's first call must still see NULL */
}

static inline struct MHD_OptionItem
cmhd_option_uri_log(cmhd_uri_sink sink)
{
    struct MHD_OptionItem item = { MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)cmhd_uri_trampoline, (void *)sink };
    return item;
}

/* ---- Log lines: printf format + va_list, formatted here for a Swift sink ---- */

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

#endif
