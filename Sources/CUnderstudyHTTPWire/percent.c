#include "CUnderstudyHTTPWire.h"
#include "internal.h"

size_t
uhw_unescape_keeping_nul(void *cls, struct MHD_Connection *connection, char *value)
{
    (void)cls; (void)connection;
    char *read = value, *write = value;
    while (*read) {
        int high = read[0] == '%' ? uhw_hex_value(read[1]) : -1;
        int low = high >= 0 ? uhw_hex_value(read[2]) : -1;
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

/* Percent-decodes (keeping %00 encoded, as uhw_unescape_keeping_nul does)
 * and turns '+' into a space, as MHD's argument parser did; writes to `out`
 * when not NULL; returns the decoded length. */
size_t
uhw_decode_query_part(const char *in, size_t length, char *out)
{
    if (out == NULL) {
        /* Measuring: each escape that decodes shortens the part by two. */
        size_t decoded = length;
        for (size_t i = 0; i + 2 < length; i++) {
            if (in[i] != '%') continue;
            int high = uhw_hex_value(in[i + 1]), low = uhw_hex_value(in[i + 2]);
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
        int high = (c == '%' && read + 2 < length) ? uhw_hex_value(in[read + 1]) : -1;
        int low = high >= 0 ? uhw_hex_value(in[read + 2]) : -1;
        if (low >= 0 && (high | low) != 0) {
            out[written] = (char)(high * 16 + low);
            read += 3;
        } else {
            out[written] = c == '+' ? ' ' : c;
            read += 1;
        }
        written++;
    }
    return written;
}
