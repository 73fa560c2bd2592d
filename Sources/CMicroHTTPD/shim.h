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
#include <strings.h>
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

/* ---- Strict HTTP: what libmicrohttpd 0.9.75 lets through ----
 *
 * MHD splits lines in place (CRLF and bare LF become NUL) and hands every
 * string over as a C string, so a NUL sent inside the target or a field value
 * silently cuts it short, and it accepts any method, any field name and bare
 * CRs. These checks run once per request, on the first handler call, over what
 * MHD already parsed, plus the raw target seen by the URI callback. */

/* The raw request target, seen before MHD splits off the query and unescapes
 * it (the URI-log callback). MHD's own query parsing is switched off by
 * blanking the first query byte (kept in `query_first`): it allocates a
 * 56-byte record per parameter from the 16 KiB connection pool, so a URL with
 * ~250 parameters exhausted the pool and the request was never answered.
 * Swift packs the query from these raw bytes instead (cmhd_pack_query). */
/* Byte classes, one table lookup per byte on the request path: 1 = tchar (RFC 9110
 * 5.6.2), 2 = may appear in a target as sent (visible ASCII but '?', which ends
 * the path; and bytes over 0x7F, which some clients send raw), 4 = reg-name byte of a host (unreserved or sub-delims, RFC 3986). */
#define CMHD_TCHAR 1
#define CMHD_TARGET 2
#define CMHD_REG_NAME 4
static const unsigned char cmhd_byte_class[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 7, 2, 3, 7, 3, 7, 7, 6, 6, 7, 7, 6, 7, 7, 2,
    7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 2, 6, 2, 6, 2, 0,
    2, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
    7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 2, 2, 2, 3, 7,
    3, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
    7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 2, 3, 2, 7, 0,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
};

struct cmhd_target {
    const char *start;      /* raw target, in MHD's read buffer */
    size_t length;          /* up to the first NUL */
    const char *query;      /* after '?', or NULL */
    size_t query_length;
    char query_first;       /* the query byte blanked for MHD */
    int has_invalid;        /* a space or control byte (CR, TAB, DEL...) in the target */
    size_t first_escape;    /* offset of the first '%' before the query, or SIZE_MAX: MHD
                               decodes the path in place, so this is only known here */
};

static inline void
cmhd_take_target(char *uri, struct cmhd_target *target)
{
    const unsigned char *bytes = (const unsigned char *)uri;
    size_t length = 0;
    int invalid = 0;
    char *query = NULL;
    for (;;) {
        while (cmhd_byte_class[bytes[length]] & CMHD_TARGET) length++;
        unsigned char byte = bytes[length];
        if (byte == 0) break;
        if (byte == '?') {
            if (query == NULL) query = uri + length + 1;
        } else {
            invalid = 1; /* a space or a control byte */
        }
        length++;
    }
    target->start = uri;
    target->length = length;
    target->has_invalid = invalid;
    target->query = query;
    target->query_length = query ? (size_t)(uri + length - query) : 0;
    target->query_first = query ? query[0] : 0;
    const char *escape = memchr(uri, '%', query ? (size_t)(query - 1 - uri) : length);
    target->first_escape = escape ? (size_t)(escape - uri) : SIZE_MAX;
    /* MHD then parses "" as the query: no records, no pool. */
    if (query != NULL && query[0] != 0) query[0] = 0;
}

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

/* Percent-decodes (keeping %00 encoded, as cmhd_unescape_keeping_nul does)
 * and turns '+' into a space, as MHD's argument parser did; writes to `out`
 * when not NULL; returns the decoded length. */
static inline size_t
cmhd_decode_query_part(const char *in, size_t length, char *out)
{
    if (out == NULL) {
        /* Measuring: each escape that decodes shortens the part by two. */
        size_t decoded = length;
        for (size_t i = 0; i + 2 < length; i++) {
            if (in[i] != '%') continue;
            int high = cmhd_hex_value(in[i + 1]), low = cmhd_hex_value(in[i + 2]);
            if (high >= 0 && low >= 0 && (high | low) != 0) {
                decoded -= 2;
                i += 2;
            }
        }
        return decoded;
    }
    size_t read = 0, written = 0;
    while (read < length) {
        char c = in[read];
        int high = (c == '%' && read + 2 < length) ? cmhd_hex_value(in[read + 1]) : -1;
        int low = high >= 0 ? cmhd_hex_value(in[read + 2]) : -1;
        if (low >= 0 && (high | low) != 0) {
            if (out) out[written] = (char)(high * 16 + low);
            read += 3;
        } else {
            if (out) out[written] = c == '+' ? ' ' : c;
            read += 1;
        }
        written++;
    }
    return written;
}

/* Puts back the query byte blanked for MHD (MHD is done with the request
 * line by the handler's first call). */
static inline void
cmhd_restore_query(struct cmhd_target *target)
{
    if (target->query != NULL && target->query_length > 0) ((char *)target->query)[0] = target->query_first;
}

/* Packs the raw query as PackedFields (per field two native uint32_t lengths,
 * then the decoded name and value bytes) into `out`, or measures when `out` is
 * NULL. Same splitting as MHD 0.9.75's parser: '&' separates, the first '='
 * splits name from value, an empty last segment is dropped, any other empty
 * segment is an empty name. */
static inline size_t
cmhd_pack_query(const char *query, size_t length, char *out)
{
    size_t used = 0, start = 0;
    if (query == NULL) return 0;
    while (start < length) {
        const char *segment = query + start;
        const char *ampersand = memchr(segment, '&', length - start);
        size_t end = ampersand ? (size_t)(ampersand - query) : length;
        const char *equals = memchr(segment, '=', end - start);
        size_t name_end = equals ? (size_t)(equals - query) : end;
        size_t value_start = equals ? name_end + 1 : end;
        uint32_t lengths[2];
        char *at = out ? out + used : NULL;
        lengths[0] = (uint32_t)cmhd_decode_query_part(segment, name_end - start, at ? at + sizeof lengths : NULL);
        lengths[1] = (uint32_t)cmhd_decode_query_part(query + value_start, end - value_start,
                                                      at ? at + sizeof lengths + lengths[0] : NULL);
        if (at) memcpy(at, lengths, sizeof lengths);
        used += sizeof lengths + lengths[0] + lengths[1];
        start = end + 1;
    }
    return used;
}

/* Copies a request's query arguments and header fields into one buffer, so
 * Swift makes one allocation per request instead of two strings per field:
 * the query's fields first (packed from the raw query, see cmhd_pack_query),
 * then the headers'. Each field is the name's and the value's lengths (two
 * native uint32_t), then the name's and the value's bytes. A missing value
 * (`?flag`) is empty. Call once with `out` NULL to learn both sizes, then with
 * a buffer of their sum. */
struct cmhd_packing { char *out; size_t used; };

static enum MHD_Result
cmhd_pack_value(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    struct cmhd_packing *packing = (struct cmhd_packing *)cls;
    (void)kind;
    uint32_t lengths[2] = { (uint32_t)strlen(key), value ? (uint32_t)strlen(value) : 0 };
    size_t size = sizeof lengths + lengths[0] + lengths[1];
    if (packing->out != NULL) {
        char *at = packing->out + packing->used;
        memcpy(at, lengths, sizeof lengths);
        memcpy(at + sizeof lengths, key, lengths[0]);
        if (lengths[1] > 0) memcpy(at + sizeof lengths + lengths[0], value, lengths[1]);
    }
    packing->used += size;
    return MHD_YES;
}

/* Measures (out NULL) or packs the query into out[0, query_size) and the
 * headers into out[query_size, query_size + header_size). */
static inline void
cmhd_pack_request(struct MHD_Connection *connection, const struct cmhd_target *target, void *out,
                  size_t *query_size, size_t *header_size)
{
    size_t query = cmhd_pack_query(target->query, target->query_length, (char *)out);
    struct cmhd_packing packing = { (char *)out, query };
    MHD_get_connection_values(connection, MHD_HEADER_KIND, cmhd_pack_value, &packing);
    if (out == NULL) {
        *query_size = query;
        *header_size = packing.used - query;
    }
}

static inline int cmhd_is_tchar(unsigned char c)
{
    return cmhd_byte_class[c] & CMHD_TCHAR;
}

static inline int cmhd_is_token(const char *text, size_t length)
{
    const unsigned char *bytes = (const unsigned char *)text;
    unsigned char all = CMHD_TCHAR;
    if (length == 0) return 0;
    for (size_t i = 0; i < length; i++) all &= cmhd_byte_class[bytes[i]];
    return all != 0;
}

/* uri-host [ ":" port ] (RFC 9110 §7.2): reg-name / IPv4 / IP-literal in brackets. */
static inline int cmhd_is_authority(const char *text, size_t length)
{
    size_t i = 0;
    if (length == 0) return 0;
    if (text[0] == '[') {
        for (i = 1; i < length && text[i] != ']'; i++) {
            char c = text[i];
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == ':' || c == '.'
                  || c == 'v' || c == 'V')) return 0;
        }
        if (i == length || i == 1) return 0;
        i++;
    } else {
        for (; i < length && text[i] != ':'; i++) {
            unsigned char c = (unsigned char)text[i];
            if (cmhd_byte_class[c] & CMHD_REG_NAME) continue;
            if (c == '%') {
                if (i + 2 >= length || cmhd_hex_value(text[i + 1]) < 0 || cmhd_hex_value(text[i + 2]) < 0) return 0;
                i += 2;
                continue;
            }
            return 0;
        }
    }
    if (i < length) {
        if (text[i] != ':') return 0;
        for (i++; i < length; i++) if (text[i] < '0' || text[i] > '9') return 0;
    }
    return 1;
}

enum cmhd_verdict {
    CMHD_OK = 0,
    CMHD_BAD_REQUEST = 400,
    CMHD_TOO_LARGE = 413,
    CMHD_NOT_IMPLEMENTED = 501,
};

struct cmhd_check {
    /* in */
    uint64_t body_limit;
    /* out */
    int verdict;
    const char *reason;     /* static text for the error body */
    /* absolute-form target: the authority and where the path starts in the (decoded) url */
    const char *authority;
    size_t authority_length;
    size_t path_offset;
    /* walk state */
    const char *previous_end;
    int hosts, lengths, encodings, conflicting_lengths;
    const char *host;
    size_t host_length;
    const char *length_value;
    const char *encoding;
};

/* Whether exactly one line break (one or two NULs, see cmhd_check_field) lies between `end` and `next`. */
static inline int cmhd_is_line_break(const char *end, const char *next)
{
    if (next <= end || next - end > 2) return 0;
    return end[0] == 0 && (next - end == 1 || end[1] == 0);
}

static inline enum MHD_Result
cmhd_check_field(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                 const char *value, size_t value_size)
{
    struct cmhd_check *check = (struct cmhd_check *)cls;
    (void)kind;
    if (value == NULL) value = "";
    /* The header section lies in one buffer in the order received, each line's
     * end (CRLF or a bare LF) overwritten with NULs. So the previous line (the
     * request line or a field) ends, as MHD measured it, exactly one or two NULs
     * before this field's name. Anything else in between is the rest of a value
     * after a raw NUL, or a line MHD dropped without a word (": x", a folded
     * line: RFC 9112 5.2 lets a server reject obs-fold). */
    if (!cmhd_is_line_break(check->previous_end, key)) {
        check->reason = "A header line is malformed, or a header field value contains a NUL byte.";
        return MHD_NO;
    }
    if (!cmhd_is_token(key, key_size)) {
        check->reason = "A header field name is not a token (RFC 9110 5.1): no spaces before the colon, no separators.";
        return MHD_NO;
    }
    if (value_size > 0 && memchr(value, '\r', value_size) != NULL) {
        check->reason = "A header field value contains a bare CR.";
        return MHD_NO;
    }
    check->previous_end = value + value_size;
    if (key_size == 4 && strncasecmp(key, "host", 4) == 0) {
        check->hosts++;
        check->host = value;
        check->host_length = value_size;
    } else if (key_size == 14 && strncasecmp(key, "content-length", 14) == 0) {
        if (check->lengths > 0 && strcmp(check->length_value, value) != 0) check->conflicting_lengths = 1;
        check->lengths++;
        check->length_value = value;
    } else if (key_size == 17 && strncasecmp(key, "transfer-encoding", 17) == 0) {
        check->encodings++;
        check->encoding = value;
    }
    return MHD_YES;
}

/* The checks for one request; `method`, `url` and `version` as the handler got
 * them, `target` as the URI callback saw it. Sets verdict and reason. */
static inline void
cmhd_check_request(struct MHD_Connection *connection, const char *method, const char *url,
                   const char *version, const struct cmhd_target *target, struct cmhd_check *check)
{
    check->verdict = CMHD_BAD_REQUEST;
    size_t method_length = strlen(method);
    if (!cmhd_is_token(method, method_length)) {
        check->reason = "The method is not a token (RFC 9110 9.1).";
        return;
    }
    if (target->start == NULL) {
        check->reason = "The request target is missing.";
        return;
    }
    /* The method ends where MHD put a NUL over the space; only spaces may follow up to the target. */
    for (const char *p = method + method_length + 1; p < target->start; p++) {
        if (*p != ' ') {
            check->reason = "The method contains a NUL byte.";
            return;
        }
    }
    /* The version follows the target's end and the NUL MHD put over the space. */
    if (version != NULL && version[0] != 0 && target->start + target->length + 1 != version) {
        check->reason = "The request target contains a NUL byte.";
        return;
    }
    if (target->has_invalid) {
        check->reason = "The request target contains a space or a control character.";
        return;
    }
    const char *start = target->start;
    size_t length = target->length;
    int absolute = 0;
    if (length > 0 && start[0] == '/') {
        /* origin-form */
    } else if ((length >= 7 && strncasecmp(start, "http://", 7) == 0) || (length >= 8 && strncasecmp(start, "https://", 8) == 0)) {
        absolute = 1;
    } else if (!(length == 1 && start[0] == '*' && strcmp(method, "OPTIONS") == 0) && strcmp(method, "CONNECT") != 0) {
        check->reason = "The request target is not in origin form (/path) or absolute form (http://host/path).";
        return;
    }
    if (absolute) {
        /* In the decoded url: authority between "://" and the next '/', or the url's end (query split off). */
        const char *authority = strstr(url, "://");
        if (authority == NULL) {
            check->reason = "The absolute request target is malformed.";
            return;
        }
        authority += 3;
        size_t authority_length = strcspn(authority, "/");
        if (!cmhd_is_authority(authority, authority_length) || memchr(authority, '@', authority_length) != NULL) {
            check->reason = "The absolute request target's authority is not a valid host[:port].";
            return;
        }
        check->authority = authority;
        check->authority_length = authority_length;
        check->path_offset = (size_t)(authority + authority_length - url);
    }

    if (version == NULL || version[0] == 0) {
        check->reason = "The request line has no HTTP version.";
        return;
    }
    check->previous_end = version + strlen(version);
    if (MHD_get_connection_values_n(connection, MHD_HEADER_KIND, cmhd_check_field, check) < 0 || check->reason != NULL) {
        if (check->reason == NULL) check->reason = "The header section is malformed.";
        return;
    }
    /* After the last line: its end and the empty line's, two to four NULs up to where MHD says the section ends. */
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    if (info != NULL) {
        const char *section_end = method + info->header_size;
        size_t gap = section_end > check->previous_end ? (size_t)(section_end - check->previous_end) : 0;
        int clean = gap >= 2 && gap <= 4;
        for (size_t i = 0; clean && i < gap; i++) clean = check->previous_end[i] == 0;
        if (!clean) {
            check->reason = "A header line is malformed, or a header field value contains a NUL byte.";
            return;
        }
    }
    int http11 = version != NULL && strcmp(version, "HTTP/1.1") == 0;
    if (check->hosts > 1) {
        check->reason = "The request has more than one Host header field (RFC 9112 3.2).";
        return;
    }
    if (http11 && check->hosts == 0) {
        check->reason = "An HTTP/1.1 request must have a Host header field (RFC 9112 3.2).";
        return;
    }
    /* An absolute-form target's authority replaces the Host field, which is then ignored. */
    if (check->hosts == 1 && !absolute && check->host_length > 0 && !cmhd_is_authority(check->host, check->host_length)) {
        check->reason = "The Host header field is not a valid host[:port].";
        return;
    }
    if (check->encodings > 0 && check->lengths > 0) {
        check->reason = "The request has both Content-Length and Transfer-Encoding (RFC 9112 6.1).";
        return;
    }
    if (check->conflicting_lengths) {
        check->reason = "The request has conflicting Content-Length header fields.";
        return;
    }
    if (check->encodings > 0) {
        if (check->encodings > 1 || strcasecmp(check->encoding, "chunked") != 0) {
            check->verdict = CMHD_NOT_IMPLEMENTED;
            check->reason = "The only transfer coding accepted is chunked.";
            return;
        }
    }
    if (check->lengths == 1) {
        uint64_t value = 0;
        const char *p = check->length_value;
        if (*p == 0) {
            check->reason = "The Content-Length header field is not a number.";
            return;
        }
        for (; *p; p++) {
            if (*p < '0' || *p > '9') {
                check->reason = "The Content-Length header field is not a number.";
                return;
            }
            if (value > check->body_limit) break;
            value = value * 10 + (uint64_t)(*p - '0');
        }
        if (value > check->body_limit) {
            check->verdict = CMHD_TOO_LARGE;
            check->reason = "The request body is larger than the server accepts.";
            return;
        }
    }
    check->verdict = CMHD_OK;
    check->reason = NULL;
}

/* Whether the first bytes a client sent can start an HTTP request line:
 * optional empty lines, then a method (token characters) up to a space.
 * A TLS ClientHello (0x16...) or binary junk fails at its first byte;
 * returns 1 when they cannot, 0 when they can or nothing is there yet. */
static inline int
cmhd_peek_is_garbage(int fd)
{
    unsigned char bytes[32];
    ssize_t count = recv(fd, bytes, sizeof bytes, MSG_PEEK | MSG_DONTWAIT);
    if (count <= 0) return 0;
    ssize_t i = 0;
    while (i < count && (bytes[i] == '\r' || bytes[i] == '\n')) i++;
    ssize_t method_start = i;
    while (i < count && cmhd_is_tchar(bytes[i])) i++;
    if (i == count) return 0;           /* a method still arriving */
    return !(bytes[i] == ' ' && i > method_start);
}

/* Answers a connection whose first bytes are not HTTP: drains what arrived
 * (closing a socket with unread data would reset it and lose the answer),
 * sends a 400, and shuts the socket down so MHD closes it. */
#ifdef MSG_NOSIGNAL
#define CMHD_SEND_NO_SIGNAL MSG_NOSIGNAL
#else
/* Darwin has no MSG_NOSIGNAL; the server ignores SIGPIPE for the whole process. */
#define CMHD_SEND_NO_SIGNAL 0
#endif

static inline void
cmhd_reject_garbage(int fd, const char *reply, size_t reply_length)
{
    char sink[4096];
    while (recv(fd, sink, sizeof sink, MSG_DONTWAIT) > 0) {}
    (void)send(fd, reply, reply_length, CMHD_SEND_NO_SIGNAL | MSG_DONTWAIT);
    shutdown(fd, SHUT_RDWR);
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
