#include <stdint.h>
#include <string.h>

#include "CUnderstudyHTTPWire.h"
#include "internal.h"

void
uhw_take_target(char *uri, struct uhw_target *target)
{
    const unsigned char *bytes = (const unsigned char *)uri;
    size_t length = 0;
    int invalid = 0;
    char *query = NULL;
    for (;;) {
        while (uhw_byte_class[bytes[length]] & UHW_TARGET) length++;
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
