/*
 * CUnderstudyHTTPWire: the C that UnderstudyMicroHTTPD runs on each request's
 * bytes, where they lie in libmicrohttpd's buffers. Not wrappers (those are in
 * CMicroHTTPD/shim.h): code of our own, in C because it walks C strings in
 * place on the request path without copying them into Swift first.
 *
 * This header only declares; the code is in the .c files beside it, one per
 * concept:
 *   target.c    the raw request target, taken over before libmicrohttpd
 *               splits and decodes it
 *   percent.c   percent-decoding that keeps %00 encoded
 *   fields.c    a request's query and header fields packed into one buffer
 *   strict.c    the RFC 9110/9112 checks libmicrohttpd 0.9.75 leaves out,
 *               including the chunk-size line it accepts too readily
 *   sniff.c     the first bytes of a connection: HTTP or not?
 *   platform.c  what differs between Linux and Darwin (a send flag, the
 *               start-up code pages)
 * bytes.c holds the byte-class table they share.
 *
 * The header names libmicrohttpd's connection type only as an incomplete
 * struct, so it does not include <microhttpd.h>: Swift sees that header once,
 * through CMicroHTTPD. The .c files include it (this target depends on
 * CMicroHTTPD for it and for the library).
 *
 * Prefix: uhw_ (Understudy HTTP wire).
 */
#ifndef CUNDERSTUDY_HTTP_WIRE_H
#define CUNDERSTUDY_HTTP_WIRE_H

#include <stddef.h>
#include <stdint.h>

struct MHD_Connection;

/* ---- The raw request target (target.c) ----
 *
 * Seen by the URI-log callback before libmicrohttpd splits off the query and
 * unescapes the path in place. MHD's own query parsing is switched off by
 * blanking the first query byte (kept in `query_first`): it allocates a
 * 56-byte record per parameter from the 16 KiB connection pool, so a URL with
 * ~250 parameters exhausted the pool and the request was never answered.
 * The query is packed from these raw bytes instead (uhw_pack_query). */
struct uhw_target {
    const char *start;      /* raw target, in MHD's read buffer */
    size_t length;          /* up to the first NUL */
    const char *query;      /* after '?', or NULL */
    size_t query_length;
    char query_first;       /* the query byte blanked for MHD */
    int has_invalid;        /* a space or control byte (CR, TAB, DEL...) in the target */
    size_t first_escape;    /* offset of the first '%' before the query, or SIZE_MAX: MHD
                               decodes the path in place, so this is only known here */
};

/* Records the raw target `uri` in `target` and blanks the query's first byte for MHD. */
void uhw_take_target(char *uri, struct uhw_target *target);

/* Puts back the query byte blanked for MHD (MHD is done with the request line
 * by the handler's first call). Kept inline: two stores, once per request,
 * cheaper than the call it would take. */
static inline void
uhw_restore_query(struct uhw_target *target)
{
    if (target->query != NULL && target->query_length > 0) ((char *)target->query)[0] = target->query_first;
}

/* ---- Percent-decoding (percent.c) ----
 *
 * Decodes `value` in place, leaving %00 encoded: a decoded NUL would silently
 * cut the C string the handler receives, so "/a%00b" would be served as "/a".
 * Has the signature of MHD's unescape callback (MHD_OPTION_UNESCAPE_CALLBACK);
 * `cls` and `connection` are unused. Returns the decoded length. */
size_t uhw_unescape_keeping_nul(void *cls, struct MHD_Connection *connection, char *value);

/* ---- Field packing (fields.c) ----
 *
 * A request's query arguments and header fields copied into one buffer, so
 * Swift makes one allocation per request instead of two strings per field
 * (Swift reads it as PackedFields). Each field is the name's and the value's
 * lengths (two native uint32_t), then the name's and the value's bytes. */

/* Packs the raw query into `out`, or measures when `out` is NULL; returns the
 * bytes used. Same splitting as MHD 0.9.75's parser: '&' separates, the first
 * '=' splits name from value, an empty last segment is dropped, any other
 * empty segment is an empty name; names and values are percent-decoded
 * (keeping %00) with '+' as a space. */
size_t uhw_pack_query(const char *query, size_t length, char *out);

/* Measures (out NULL: sets both sizes) or packs the query into
 * out[0, query_size) and the headers into out[query_size, query_size + header_size).
 * A missing value (`?flag`) is empty. */
void uhw_pack_request(struct MHD_Connection *connection, const struct uhw_target *target, void *out,
                      size_t *query_size, size_t *header_size);

/* ---- Strict HTTP (strict.c) ----
 *
 * What libmicrohttpd 0.9.75 lets through: MHD splits lines in place (CRLF and
 * bare LF become NUL) and hands every string over as a C string, so a NUL sent
 * inside the target or a field value silently cuts it short; and it accepts
 * any method, any field name and bare CRs. These checks run once per request,
 * on the first handler call, over what MHD already parsed, plus the raw target
 * seen by the URI callback. */

/* Whether `text` is a token (RFC 9110 5.6.2): one or more tchars. */
int uhw_is_token(const char *text, size_t length);

/* Whether `text` is uri-host [ ":" port ] (RFC 9110 7.2): reg-name, IPv4 or an IP-literal in brackets. */
int uhw_is_authority(const char *text, size_t length);

enum uhw_verdict {
    UHW_OK = 0,
    UHW_BAD_REQUEST = 400,
    UHW_TOO_LARGE = 413,
    UHW_NOT_IMPLEMENTED = 501,
};

struct uhw_check {
    /* in */
    uint64_t body_limit;
    /* out */
    int verdict;
    const char *reason;     /* static text for the error body */
    /* absolute-form target: the authority and where the path starts in the (decoded) url */
    const char *authority;
    size_t authority_length;
    size_t path_offset;
    /* where the header section ends in MHD's read buffer (body bytes are read to here), or NULL */
    const char *section_end;
    /* walk state */
    const char *previous_end;
    int hosts, lengths, encodings, conflicting_lengths;
    const char *host;
    size_t host_length;
    const char *length_value;
    const char *encoding;
};

/* The checks for one request; `method`, `url` and `version` as the handler got
 * them, `target` as the URI callback saw it. Sets verdict and reason. */
void uhw_check_request(struct MHD_Connection *connection, const char *method, const char *url,
                       const char *version, const struct uhw_target *target, struct uhw_check *check);

/* ---- Chunk sizes (chunk.c) ----
 *
 * libmicrohttpd 0.9.75 parses a chunk-size line itself and calls the handler only when that chunk's data
 * arrives: a size no body can have, or one over the limit, sent without data, waited for the timeout.
 * Both checks give UHW_BAD_REQUEST for a size over INT64_MAX (2^64-1 is also MHD's own "unknown" marker),
 * UHW_TOO_LARGE for one over `body_limit` (or over 16 digits, as MHD), else UHW_OK; and set `reason`. */

/* The size line in front of a piece of a chunked body, when it is there to see: MHD hands the handler a
 * chunk's data right after parsing its size line in its read buffer, which starts at `section_end` once
 * the headers are parsed, so when `data` lies past `section_end` the bytes just before it are that line (a
 * piece that continues a chunk starts at `section_end`, and says nothing). */
int uhw_check_chunk_size(const char *section_end, const char *data, uint64_t body_limit, const char **reason);

/* How many bytes of a first chunk-size line are worth reading (a longer chunk extension is left to MHD). */
#define UHW_CHUNK_LINE_MAX 40

/* The first chunk-size line, in the first handler call, before MHD parses it: the `buffered` bytes at
 * `section_end` that are surely this request's (at most UHW_CHUNK_LINE_MAX; the caller knows how many),
 * then what waits unread on the socket `fd` (MSG_PEEK; -1 for none). `complete` is set to 0 while the
 * line has not all arrived (look again later, with the connection suspended so that MHD reads nothing). */
int uhw_check_first_chunk_size(const char *section_end, size_t buffered, int fd, uint64_t body_limit, int *complete,
                               const char **reason);

/* How many bytes after `section_end` in MHD's read buffer are surely this request's, for the above; -1 when
 * that cannot be known. After a connection's first request MHD zeroes its buffer past what it keeps, so
 * they end at the first NUL (a size line has none); on the first, the buffer may still hold an earlier
 * connection's bytes (the memory comes from malloc), so they are what the client sent less what MHD has
 * not read and less the header section (from `method`, where the request line starts). Plain TCP only:
 * over TLS the socket carries encrypted bytes. */
long long uhw_first_chunk_buffered(const char *section_end, const char *method, int fd, int first_request);

/* Sends "100 Continue" when the request asks for it (`Expect: 100-continue`): its client sends no body
 * before the interim answer, which MHD gives only after the first handler call returns unsuspended. A
 * second one from MHD later is allowed (RFC 9110 15.2). */
void uhw_continue_if_expected(struct MHD_Connection *connection, int fd);

/* Bytes the process has read from the TCP socket `fd` so far: on Linux, TCP_INFO's bytes received less
 * those still queued (SIOCINQ); -1 where the system cannot say (platform.c). */
long long uhw_socket_bytes_read(int fd);

/* ---- First bytes (sniff.c) ---- */

/* Whether the first bytes a client sent can start an HTTP request line:
 * optional empty lines, then a method (token characters) up to a space.
 * A TLS ClientHello (0x16...) or binary junk fails at its first byte;
 * returns 1 when they cannot, 0 when they can or nothing is there yet. */
int uhw_peek_is_garbage(int fd);

/* Answers on a connection's socket itself, for when libmicrohttpd cannot (its
 * first bytes are not HTTP; a body it would wait for forever): drains what
 * arrived (closing a socket with unread data would reset it and lose the
 * answer), sends `reply`, and shuts the socket down so MHD closes it. */
void uhw_answer_and_shut_down(int fd, const char *reply, size_t reply_length);

/* ---- Process memory (platform.c) ----
 *
 * Unmaps the resident pages of the main program's read-only executable
 * segments (they stay in the page cache; a later use maps them again). The
 * kernel maps code in 64 KiB blocks around each page fault, so start-up code
 * that never runs again keeps megabytes resident. Returns the bytes advised;
 * always 0 on Darwin, where the trick is left out. */
size_t uhw_drop_code_pages(void);

#endif
