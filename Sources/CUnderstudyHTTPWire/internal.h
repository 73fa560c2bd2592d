/* What the .c files of CUnderstudyHTTPWire share and Swift does not see. */
#ifndef CUNDERSTUDY_HTTP_WIRE_INTERNAL_H
#define CUNDERSTUDY_HTTP_WIRE_INTERNAL_H

#include <stddef.h>
#include <sys/types.h>

/* Byte classes, one table lookup per byte on the request path (bytes.c):
 * 1 = tchar (RFC 9110 5.6.2), 2 = may appear in a target as sent (visible
 * ASCII but '?', which ends the path; and bytes over 0x7F, which some clients
 * send raw), 4 = reg-name byte of a host (unreserved or sub-delims, RFC 3986). */
#define UHW_TCHAR 1
#define UHW_TARGET 2
#define UHW_REG_NAME 4
extern const unsigned char uhw_byte_class[256];

static inline int uhw_hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static inline int uhw_is_tchar(unsigned char c)
{
    return uhw_byte_class[c] & UHW_TCHAR;
}

/* Percent-decodes a query name or value (percent.c); see uhw_pack_query. */
size_t uhw_decode_query_part(const char *in, size_t length, char *out);

/* send(2) that neither blocks nor raises SIGPIPE (platform.c). */
ssize_t uhw_send_quietly(int fd, const void *bytes, size_t length);

#endif
