/* Chunk sizes libmicrohttpd 0.9.75 takes and then waits on: it parses a chunk-size line of up to 16 hex
 * digits itself and calls the application only when that chunk's data arrives, so a size no body can have
 * ("ffffffffffffffff\r\n", 2^64-1, also its own "size unknown" marker) or one over the body limit, sent
 * without data, held the connection until it timed out. One rule for the size, read at both places. */
#include <errno.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <microhttpd.h>

#include "CUnderstudyHTTPWire.h"
#include "internal.h"

/* The verdict on the size in `line` (hex digits up to a chunk extension or the line's end at `end`). */
static int
chunk_size_verdict(const char *line, const char *end, uint64_t body_limit, const char **reason)
{
    uint64_t size = 0;
    for (const char *p = line; p < end && *p != ';'; p++) {
        int digit = uhw_hex_value(*p);
        if (digit < 0) break;
        if (size > (UINT64_MAX >> 4)) {
            /* More than 16 significant digits: libmicrohttpd answers these 413 itself. */
            *reason = "The request body is larger than the server accepts.";
            return UHW_TOO_LARGE;
        }
        size = size << 4 | (uint64_t)digit;
    }
    if (size > (uint64_t)INT64_MAX) {
        *reason = "The chunk size is larger than any request body can be.";
        return UHW_BAD_REQUEST;
    }
    if (size > body_limit) {
        *reason = "The request body is larger than the server accepts.";
        return UHW_TOO_LARGE;
    }
    return UHW_OK;
}

int
uhw_check_chunk_size(const char *section_end, const char *data, uint64_t body_limit, const char **reason)
{
    if (section_end == NULL || data <= section_end || data[-1] != '\n') return UHW_OK;
    /* The line: back from its LF (and CR) to the LF before it, or the buffer's start. */
    const char *end = data - 1;
    if (end > section_end && end[-1] == '\r') end--;
    const char *line = end;
    while (line > section_end && line[-1] != '\n') line--;
    /* MHD parsed the same digits, so here they are well formed. */
    return chunk_size_verdict(line, end, body_limit, reason);
}

int
uhw_check_first_chunk_size(const char *section_end, size_t buffered, int fd, uint64_t body_limit, int *complete,
                           const char **reason)
{
    char line[UHW_CHUNK_LINE_MAX];
    size_t length = buffered < sizeof line ? buffered : sizeof line;
    *complete = 0;
    if (length > 0) memcpy(line, section_end, length);
    if (fd >= 0 && length < sizeof line && memchr(line, '\n', length) == NULL) {
        /* What has arrived since: libmicrohttpd reads nothing while the connection is suspended. */
        ssize_t peeked;
        do {
            peeked = recv(fd, line + length, sizeof line - length, MSG_PEEK | MSG_DONTWAIT);
        } while (peeked < 0 && errno == EINTR);
        if (peeked > 0) length += (size_t)peeked;
    }
    /* hex digits, then a chunk extension (';' and what follows), then CRLF or LF. */
    size_t index = 0;
    while (index < length && uhw_hex_value(line[index]) >= 0) index++;
    if (index == length) {
        /* Digits only so far: the rest has not arrived, or the line is longer than is worth reading. */
        *complete = length == sizeof line;
        return UHW_OK;
    }
    if (index == 0) {
        /* Not a chunk-size line: libmicrohttpd answers a malformed one with its own 400. */
        *complete = 1;
        return UHW_OK;
    }
    const char *digits_end = line + index;
    while (index < length && line[index] != '\n' && line[index] != 0) index++;
    if (index == length) {
        *complete = length == sizeof line;
        return UHW_OK;
    }
    *complete = 1;
    if (line[index] == 0) return UHW_OK;
    return chunk_size_verdict(line, digits_end, body_limit, reason);
}

long long
uhw_first_chunk_buffered(const char *section_end, const char *method, int fd, int first_request)
{
    if (!first_request) return (long long)strnlen(section_end, UHW_CHUNK_LINE_MAX);
    long long read = uhw_socket_bytes_read(fd);
    long long header_size = (long long)(section_end - method);
    if (read < 0 || header_size <= 0 || read < header_size) return -1;
    return read - header_size < UHW_CHUNK_LINE_MAX ? read - header_size : UHW_CHUNK_LINE_MAX;
}

void
uhw_continue_if_expected(struct MHD_Connection *connection, int fd)
{
    static const char interim[] = "HTTP/1.1 100 Continue\r\n\r\n";
    const char *expect = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_EXPECT);
    if (fd >= 0 && expect != NULL && strcasecmp(expect, "100-continue") == 0) uhw_send_quietly(fd, interim, sizeof interim - 1);
}
