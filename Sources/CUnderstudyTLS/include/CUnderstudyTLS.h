/*
 * CUnderstudyTLS: the certificates of `understudy serve --tls`, made and read
 * with GnuTLS (the TLS library libmicrohttpd is built with), and the table
 * libmicrohttpd's TLS daemon takes its certificate from, chosen by SNI.
 *
 * This header only declares, with no GnuTLS type in it: Swift (the
 * UnderstudyTLS module, which hides every pointer) sees plain C. The code is
 * in the .c files beside it, one per concept:
 *   mint.c     new keys, the development CA, leaf certificates
 *   inspect.c  what a certificate says (dates, names, key, constraints)
 *   sni.c      the certificate each TLS handshake gets, by server name
 *   pem.c      PEM in and out (internal helpers)
 *   platform.c an IP address between text and a certificate's bytes (the socket library)
 *
 * PEM strings go in NUL-terminated; strings that come out are malloc'ed and
 * NUL-terminated, for the caller to free with ust_free. Functions return 0 or
 * a negative GnuTLS error code, which ust_error_text describes.
 *
 * Prefix: ust_ (Understudy TLS).
 */
#ifndef CUNDERSTUDY_TLS_H
#define CUNDERSTUDY_TLS_H

#include <stddef.h>
#include <stdint.h>

struct MHD_Connection;

/* ---- Errors and memory ---- */

const char *ust_error_text(int code);
void ust_free(void *pointer);

/* ---- Making (mint.c) ---- */

/* A new ECDSA P-256 private key, as PKCS#8 PEM: cheap handshakes, and one of the
 * two key kinds Apple's rules accept. */
int ust_make_key(char **key_pem);

/* What a certificate is made of. `issuer_cert_pem`/`issuer_key_pem` NULL makes
 * it self-signed. Names are DNS names; addresses are IPv4 or IPv6 text. */
struct ust_certificate_request {
    const char *key_pem;
    const char *issuer_cert_pem;
    const char *issuer_key_pem;
    const char *common_name;
    const char *organization;
    int is_ca;
    const char *const *dns_names;
    size_t dns_count;
    const char *const *addresses;
    size_t address_count;
    int64_t not_before;     /* seconds since 1970 */
    int64_t not_after;
};

/* Signs the certificate with SHA-256: a CA gets basicConstraints CA:TRUE
 * (critical, path length 0) and keyCertSign; a leaf CA:FALSE, digitalSignature,
 * EKU serverAuth and the names as subjectAltName. */
int ust_make_certificate(const struct ust_certificate_request *request, char **cert_pem);

/* ---- Reading (inspect.c) ---- */

struct ust_certificate_facts {
    int64_t not_before;
    int64_t not_after;
    int basic_constraints;  /* 1 CA:TRUE, 0 CA:FALSE, -1 absent */
    int server_auth;        /* 1 EKU has serverAuth, 0 EKU without it, -1 no EKU */
    int key_kind;           /* 1 RSA, 2 ECDSA, 3 Ed25519, 0 other */
    unsigned key_bits;
    int weak_signature;     /* 1 when signed with SHA-1 or MD5 */
    int self_signed;
    size_t name_count;      /* subjectAltName DNS names and addresses */
};

int ust_certificate_facts(const char *cert_pem, struct ust_certificate_facts *facts);

/* The subjectAltName entry at `index` (DNS name or IP address as text) into
 * `out`; `*is_address` says which. GNUTLS_E_REQUESTED_DATA_NOT_AVAILABLE past
 * the last one. */
int ust_certificate_name(const char *cert_pem, size_t index, char *out, size_t out_size, int *is_address);

/* The subject's common name into `out` (empty when there is none). */
int ust_certificate_common_name(const char *cert_pem, char *out, size_t out_size);

/* SHA-256 of the (first) certificate's DER. */
int ust_certificate_sha256(const char *cert_pem, unsigned char out[32]);

/* The (first) certificate's DER, malloc'ed. */
int ust_certificate_der(const char *cert_pem, unsigned char **der, size_t *length);

/* 1 when the key is the certificate's, 0 when not, or an error. */
int ust_key_matches(const char *cert_pem, const char *key_pem);

/* 1 when `cert_pem` verifies against `ca_pem` (signature and dates), 0 when not. */
int ust_verifies(const char *cert_pem, const char *ca_pem);

/* ---- The handshake's certificate (sni.c) ----
 *
 * One process-wide table: GnuTLS's retrieve callback has no context pointer.
 * Entries are keyed by the server's port as well as the server name, since
 * several servers may run in one process (tests): the callback finds a
 * handshake's port from its socket (libmicrohttpd's GnuTLS transport is the
 * socket). Entries are added before the TLS daemon starts and forgotten when it
 * stops. The entry with an empty name is the port's default, for every other
 * server name and for none. */
int ust_sni_add(unsigned port, const char *server_name, const char *cert_pem, const char *key_pem);

/* Forgets the port's entries (not freed: a handshake on another thread may still hold one). */
void ust_sni_forget(unsigned port);

/* The callback, as libmicrohttpd's MHD_OPTION_HTTPS_CERT_CALLBACK takes it
 * (a gnutls_certificate_retrieve_function2). */
void *ust_sni_callback(void);

/* 1 when the connection came through the TLS daemon. */
int ust_connection_is_tls(struct MHD_Connection *connection);

#endif
