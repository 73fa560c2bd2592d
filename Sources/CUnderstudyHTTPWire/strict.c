#include <string.h>
#include <strings.h>
#include <microhttpd.h>

#include "CUnderstudyHTTPWire.h"
#include "internal.h"

int
uhw_is_token(const char *text, size_t length)
{
    const unsigned char *bytes = (const unsigned char *)text;
    unsigned char all = UHW_TCHAR;
    if (length == 0) return 0;
    for (size_t i = 0; i < length; i++) all &= uhw_byte_class[bytes[i]];
    return all != 0;
}

int
uhw_is_authority(const char *text, size_t length)
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
            if (uhw_byte_class[c] & UHW_REG_NAME) continue;
            if (c == '%') {
                if (i + 2 >= length || uhw_hex_value(text[i + 1]) < 0 || uhw_hex_value(text[i + 2]) < 0) return 0;
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

/* Whether exactly one line break (one or two NULs, see uhw_check_field) lies between `end` and `next`. */
static int
uhw_is_line_break(const char *end, const char *next)
{
    if (next <= end || next - end > 2) return 0;
    return end[0] == 0 && (next - end == 1 || end[1] == 0);
}

static enum MHD_Result
uhw_check_field(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                const char *value, size_t value_size)
{
    struct uhw_check *check = (struct uhw_check *)cls;
    (void)kind;
    if (value == NULL) value = "";
    /* The header section lies in one buffer in the order received, each line's
     * end (CRLF or a bare LF) overwritten with NULs. So the previous line (the
     * request line or a field) ends, as MHD measured it, exactly one or two NULs
     * before this field's name. Anything else in between is the rest of a value
     * after a raw NUL, or a line MHD dropped without a word (": x", a folded
     * line: RFC 9112 5.2 lets a server reject obs-fold). */
    if (!uhw_is_line_break(check->previous_end, key)) {
        check->reason = "A header line is malformed, or a header field value contains a NUL byte.";
        return MHD_NO;
    }
    if (!uhw_is_token(key, key_size)) {
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

void
uhw_check_request(struct MHD_Connection *connection, const char *method, const char *url,
                  const char *version, const struct uhw_target *target, struct uhw_check *check)
{
    check->verdict = UHW_BAD_REQUEST;
    size_t method_length = strlen(method);
    if (!uhw_is_token(method, method_length)) {
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
        if (!uhw_is_authority(authority, authority_length) || memchr(authority, '@', authority_length) != NULL) {
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
    if (MHD_get_connection_values_n(connection, MHD_HEADER_KIND, uhw_check_field, check) < 0 || check->reason != NULL) {
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
        check->section_end = section_end;
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
    if (check->hosts == 1 && !absolute && check->host_length > 0 && !uhw_is_authority(check->host, check->host_length)) {
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
            check->verdict = UHW_NOT_IMPLEMENTED;
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
            check->verdict = UHW_TOO_LARGE;
            check->reason = "The request body is larger than the server accepts.";
            return;
        }
    }
    check->verdict = UHW_OK;
    check->reason = NULL;
}
