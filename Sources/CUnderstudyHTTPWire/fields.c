#include <string.h>
#include <microhttpd.h>

#include "CUnderstudyHTTPWire.h"
#include "internal.h"

size_t
uhw_pack_query(const char *query, size_t length, char *out)
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
        lengths[0] = (uint32_t)uhw_decode_query_part(segment, name_end - start, at ? at + sizeof lengths : NULL);
        lengths[1] = (uint32_t)uhw_decode_query_part(query + value_start, end - value_start,
                                                     at ? at + sizeof lengths + lengths[0] : NULL);
        if (at) memcpy(at, lengths, sizeof lengths);
        used += sizeof lengths + lengths[0] + lengths[1];
        start = end + 1;
    }
    return used;
}

struct uhw_packing { char *out; size_t used; };

/* MHD_KeyValueIterator over the header fields: appends one field (or measures when `out` is NULL). */
static enum MHD_Result
uhw_pack_value(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    struct uhw_packing *packing = (struct uhw_packing *)cls;
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

void
uhw_pack_request(struct MHD_Connection *connection, const struct uhw_target *target, void *out,
                 size_t *query_size, size_t *header_size)
{
    size_t query = uhw_pack_query(target->query, target->query_length, (char *)out);
    struct uhw_packing packing = { (char *)out, query };
    MHD_get_connection_values(connection, MHD_HEADER_KIND, uhw_pack_value, &packing);
    if (out == NULL) {
        *query_size = query;
        *header_size = packing.used - query;
    }
}
