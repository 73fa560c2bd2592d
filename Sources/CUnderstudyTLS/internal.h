/* Helpers the .c files of CUnderstudyTLS share; not part of its interface. */
#ifndef CUNDERSTUDY_TLS_INTERNAL_H
#define CUNDERSTUDY_TLS_INTERNAL_H

#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <stddef.h>

/* A PEM string as a datum GnuTLS reads (not copied). */
gnutls_datum_t ust_datum(const char *pem);

/* The first certificate of `pem`, initialised (deinit it), or an error. */
int ust_read_certificate(const char *pem, gnutls_x509_crt_t *certificate);

/* A private key from PEM (PKCS#8 or the older per-algorithm forms). */
int ust_read_key(const char *pem, gnutls_x509_privkey_t *key);

/* A datum GnuTLS allocated, as a malloc'ed NUL-terminated string (and the datum freed). */
int ust_take_string(gnutls_datum_t *datum, char **out);

/* An IP address as a subjectAltName holds it: its 4 or 16 bytes (0 when `text` is not an address), and back
 * to text (platform.c). */
size_t ust_address_bytes(const char *text, unsigned char bytes[16]);
int ust_address_text(const unsigned char *bytes, size_t size, char *out, size_t out_size);

#endif
