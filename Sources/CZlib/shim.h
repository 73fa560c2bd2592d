/*
 * zlib (Debian zlib1g-dev, pkg-config zlib) for Swift. Only
 * Sources/UnderstudyRecording/HAR/HARDecompression.swift uses it, and only under the FullPackage
 * trait: a HAR body still gzip- or deflate-compressed is inflated here, into a buffer the caller
 * sized, so Swift hands over two arrays and never touches a z_stream's pointers (the pointer rule:
 * docs/ARCHITECTURE.md). inflateInit2 is a macro Swift cannot call anyway.
 */
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <stddef.h>
#include <string.h>
#include <zlib.h>

enum {
    US_INFLATE_DONE = 0,     /* all of `in` decoded into out[0..*out_len) */
    US_INFLATE_FULL = 1,     /* `out` filled before the end: the caller retries with more room, or stops at its bound */
    US_INFLATE_INVALID = 2   /* not that coding; *error holds zlib's code (Z_DATA_ERROR, or Z_BUF_ERROR: it ends early) */
};

/* Inflates `in` with `window_bits` (15 + 16 gzip, 15 zlib, -15 raw deflate). gzip members that follow
   each other (RFC 1952) are inflated in turn; zero bytes after the last are padding some servers add.
   Lengths are at most UINT_MAX: the HAR file itself is bounded far below that. */
static inline int us_inflate(const unsigned char *in, size_t in_len, int window_bits, unsigned char *out, size_t out_cap,
                             size_t *out_len, int *error) {
    size_t consumed = 0;
    *out_len = 0;
    *error = Z_OK;
    while (consumed < in_len) {
        z_stream stream;
        memset(&stream, 0, sizeof stream);
        if (inflateInit2(&stream, window_bits) != Z_OK) { *error = Z_MEM_ERROR; return US_INFLATE_INVALID; }
        stream.next_in = (Bytef *)(in + consumed);
        stream.avail_in = (uInt)(in_len - consumed);
        stream.next_out = out + *out_len;
        stream.avail_out = (uInt)(out_cap - *out_len);
        int status = inflate(&stream, Z_FINISH);
        *out_len = out_cap - stream.avail_out;
        consumed = in_len - stream.avail_in;
        inflateEnd(&stream);
        if (status == Z_STREAM_END) {
            if (window_bits != 15 + 16) break;
            size_t rest = consumed;
            while (rest < in_len && in[rest] == 0) rest++;
            if (rest == in_len) break;
            continue;
        }
        if ((status == Z_BUF_ERROR || status == Z_OK) && stream.avail_out == 0) return US_INFLATE_FULL;
        *error = status == Z_OK ? Z_BUF_ERROR : status;
        return US_INFLATE_INVALID;
    }
    return US_INFLATE_DONE;
}

#endif
