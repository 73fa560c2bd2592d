#include <string.h>

#include "CUnderstudyTLS.h"
#include "internal.h"

static int
key_kind(int algorithm)
{
    switch (algorithm) {
    case GNUTLS_PK_RSA: return 1;
    case GNUTLS_PK_ECDSA: return 2;
    case GNUTLS_PK_EDDSA_ED25519: return 3;
    default: return 0;
    }
}

static int
has_server_auth(gnutls_x509_crt_t certificate)
{
    int found = -1;
    for (unsigned index = 0;; index++) {
        char oid[128];
        size_t size = sizeof oid;
        unsigned critical = 0;
        int result = gnutls_x509_crt_get_key_purpose_oid(certificate, index, oid, &size, &critical);
        if (result < 0) break;
        if (found < 0) found = 0;
        if (strcmp(oid, GNUTLS_KP_TLS_WWW_SERVER) == 0) found = 1;
    }
    return found;
}

int
ust_certificate_facts(const char *cert_pem, struct ust_certificate_facts *facts)
{
    gnutls_x509_crt_t certificate;
    int result = ust_read_certificate(cert_pem, &certificate);
    if (result < 0) return result;
    memset(facts, 0, sizeof *facts);
    facts->not_before = (int64_t)gnutls_x509_crt_get_activation_time(certificate);
    facts->not_after = (int64_t)gnutls_x509_crt_get_expiration_time(certificate);
    unsigned critical = 0, ca = 0;
    int path_length = 0;
    result = gnutls_x509_crt_get_basic_constraints(certificate, &critical, &ca, &path_length);
    facts->basic_constraints = result < 0 ? -1 : (ca ? 1 : 0);
    facts->server_auth = has_server_auth(certificate);
    unsigned bits = 0;
    facts->key_kind = key_kind(gnutls_x509_crt_get_pk_algorithm(certificate, &bits));
    facts->key_bits = bits;
    gnutls_digest_algorithm_t digest = gnutls_sign_get_hash_algorithm(gnutls_x509_crt_get_signature_algorithm(certificate));
    facts->weak_signature = digest == GNUTLS_DIG_SHA1 || digest == GNUTLS_DIG_MD5;
    facts->self_signed = gnutls_x509_crt_check_issuer(certificate, certificate) ? 1 : 0;
    for (unsigned index = 0;; index++) {
        char name[512];
        size_t size = sizeof name;
        result = gnutls_x509_crt_get_subject_alt_name(certificate, index, name, &size, NULL);
        if (result == GNUTLS_E_REQUESTED_DATA_NOT_AVAILABLE) break;
        if (result == GNUTLS_SAN_DNSNAME || result == GNUTLS_SAN_IPADDRESS) facts->name_count++;
        /* Too long for the buffer, or another kind: not a name Apple's rules look at. */
    }
    gnutls_x509_crt_deinit(certificate);
    return 0;
}

int
ust_certificate_name(const char *cert_pem, size_t index, char *out, size_t out_size, int *is_address)
{
    gnutls_x509_crt_t certificate;
    int result = ust_read_certificate(cert_pem, &certificate);
    if (result < 0) return result;
    size_t seen = 0;
    for (unsigned position = 0;; position++) {
        unsigned char name[512];
        size_t size = sizeof name - 1;
        result = gnutls_x509_crt_get_subject_alt_name(certificate, position, name, &size, NULL);
        if (result == GNUTLS_E_REQUESTED_DATA_NOT_AVAILABLE) break;
        if (result != GNUTLS_SAN_DNSNAME && result != GNUTLS_SAN_IPADDRESS) continue;
        if (seen++ != index) continue;
        *is_address = result == GNUTLS_SAN_IPADDRESS;
        if (result == GNUTLS_SAN_IPADDRESS) result = ust_address_text(name, size, out, out_size);
        else if (size + 1 > out_size) result = GNUTLS_E_SHORT_MEMORY_BUFFER;
        else {
            memcpy(out, name, size);
            out[size] = 0;
            result = 0;
        }
        gnutls_x509_crt_deinit(certificate);
        return result;
    }
    gnutls_x509_crt_deinit(certificate);
    return GNUTLS_E_REQUESTED_DATA_NOT_AVAILABLE;
}

int
ust_certificate_common_name(const char *cert_pem, char *out, size_t out_size)
{
    gnutls_x509_crt_t certificate;
    int result = ust_read_certificate(cert_pem, &certificate);
    if (result < 0) return result;
    size_t size = out_size;
    result = gnutls_x509_crt_get_dn_by_oid(certificate, GNUTLS_OID_X520_COMMON_NAME, 0, 0, out, &size);
    if (result == GNUTLS_E_REQUESTED_DATA_NOT_AVAILABLE && out_size > 0) {
        out[0] = 0;
        result = 0;
    }
    gnutls_x509_crt_deinit(certificate);
    return result;
}

int
ust_certificate_sha256(const char *cert_pem, unsigned char out[32])
{
    gnutls_x509_crt_t certificate;
    int result = ust_read_certificate(cert_pem, &certificate);
    if (result < 0) return result;
    size_t size = 32;
    result = gnutls_x509_crt_get_fingerprint(certificate, GNUTLS_DIG_SHA256, out, &size);
    gnutls_x509_crt_deinit(certificate);
    return result;
}

int
ust_certificate_der(const char *cert_pem, unsigned char **der, size_t *length)
{
    gnutls_x509_crt_t certificate;
    int result = ust_read_certificate(cert_pem, &certificate);
    if (result < 0) return result;
    gnutls_datum_t datum = { NULL, 0 };
    result = gnutls_x509_crt_export2(certificate, GNUTLS_X509_FMT_DER, &datum);
    gnutls_x509_crt_deinit(certificate);
    if (result < 0) return result;
    *length = datum.size;
    /* The same copy as a PEM string's (one NUL past the bytes, which the length leaves out). */
    return ust_take_string(&datum, (char **)der);
}

int
ust_key_matches(const char *cert_pem, const char *key_pem)
{
    gnutls_x509_crt_t certificate;
    gnutls_x509_privkey_t key;
    int result = ust_read_certificate(cert_pem, &certificate);
    if (result < 0) return result;
    result = ust_read_key(key_pem, &key);
    if (result < 0) {
        gnutls_x509_crt_deinit(certificate);
        return result;
    }
    unsigned char certificate_id[64], key_id[64];
    size_t certificate_size = sizeof certificate_id, key_size = sizeof key_id;
    result = gnutls_x509_crt_get_key_id(certificate, GNUTLS_KEYID_USE_SHA256, certificate_id, &certificate_size);
    if (result >= 0) result = gnutls_x509_privkey_get_key_id(key, GNUTLS_KEYID_USE_SHA256, key_id, &key_size);
    if (result >= 0) result = certificate_size == key_size && memcmp(certificate_id, key_id, key_size) == 0;
    gnutls_x509_privkey_deinit(key);
    gnutls_x509_crt_deinit(certificate);
    return result;
}

int
ust_verifies(const char *cert_pem, const char *ca_pem)
{
    gnutls_x509_crt_t certificate, authority;
    int result = ust_read_certificate(cert_pem, &certificate);
    if (result < 0) return result;
    result = ust_read_certificate(ca_pem, &authority);
    if (result < 0) {
        gnutls_x509_crt_deinit(certificate);
        return result;
    }
    unsigned status = 0;
    result = gnutls_x509_crt_verify(certificate, &authority, 1, 0, &status);
    if (result >= 0) result = status == 0;
    gnutls_x509_crt_deinit(authority);
    gnutls_x509_crt_deinit(certificate);
    return result;
}
