/*
 * hiredis (Debian libhiredis-dev 0.14, Homebrew hiredis) for Swift. Only
 * Sources/UnderstudyReplicas/Platform.swift uses it; no other
 * Swift code sees a hiredis type.
 *
 * What is here is only what Swift cannot do as safely by itself: a reply read with a bound.
 * hiredis's own redisGetReply reads until a reply is complete, however many bytes that takes,
 * so a hostile or broken server could make it buffer without end. us_redis_get_reply is the
 * same loop (hiredis 0.14's redisGetReply) counting the reads: each redisBufferRead takes at
 * most 16 KiB, so max_reads bounds what one reply may cost.
 */
#ifndef CHIREDIS_SHIM_H
#define CHIREDIS_SHIM_H

#include <hiredis/hiredis.h>
#include <string.h>

/* REDIS_OK with *reply set, or REDIS_ERR with c->err and c->errstr set (the context is then
   unusable and the caller frees it). */
static inline int us_redis_get_reply(redisContext *c, redisReply **reply, int max_reads) {
    void *aux = NULL;
    *reply = NULL;
    if (redisGetReplyFromReader(c, &aux) == REDIS_ERR) return REDIS_ERR;
    if (aux == NULL) {
        int done = 0;
        do {
            if (redisBufferWrite(c, &done) == REDIS_ERR) return REDIS_ERR;
        } while (!done);
        int reads = 0;
        do {
            if (++reads > max_reads) {
                c->err = REDIS_ERR_OTHER;
                strcpy(c->errstr, "a reply longer than Understudy accepts");
                return REDIS_ERR;
            }
            if (redisBufferRead(c) == REDIS_ERR) return REDIS_ERR;
            if (redisGetReplyFromReader(c, &aux) == REDIS_ERR) return REDIS_ERR;
        } while (aux == NULL);
    }
    *reply = (redisReply *)aux;
    return REDIS_OK;
}

/* The context's error text (a fixed array in the struct, which Swift sees as a tuple). */
static inline const char *us_redis_errstr(const redisContext *c) { return c->errstr; }
static inline const char *us_redis_reader_errstr(const redisReader *r) { return r->errstr; }

#endif
