#include <string.h>

#include "CUnderstudyTLS.h"
#include "internal.h"

int
ust_make_key(char **key_pem)
{
    gnutls_x509_privkey_t key;
    int result = gnutls_x509_privkey_init(&key);
    if (result < 0) return result;
    result = gnutls_x509_privkey_generate(key, GNUTLS_PK_ECDSA, GNUTLS_CURVE_TO_BITS(GNUTLS_ECC_CURVE_SECP256R1), 0);
    gnutls_datum_t datum = { NULL, 0 };
    if (result >= 0) result = gnutls_x509_privkey_export2_pkcs8(key, GNUTLS_X509_FMT_PEM, NULL, GNUTLS_PKCS_PLAIN, &datum);
    gnutls_x509_privkey_deinit(key);
    if (result < 0) return result;
    return ust_take_string(&datum, key_pem);
}

/* A random positive 16-byte serial: RFC 5280 wants it unique per issuer, and a CA
 * made again on another day must not repeat one a client has cached. */
static int
set_serial(gnutls_x509_crt_t certificate)
{
    unsigned char serial[16];
    int result = gnutls_rnd(GNUTLS_RND_NONCE, serial, sizeof serial);
    if (result < 0) return result;
    serial[0] = (serial[0] & 0x7f) | 0x01;
    return gnutls_x509_crt_set_serial(certificate, serial, sizeof serial);
}

static int
set_names(gnutls_x509_crt_t certificate, const struct ust_certificate_request *request)
{
    int result = 0;
    for (size_t i = 0; i < request->dns_count && result >= 0; i++) {
        const char *name = request->dns_names[i];
        result = gnutls_x509_crt_set_subject_alt_name(certificate, GNUTLS_SAN_DNSNAME, name, (unsigned)strlen(name), GNUTLS_FSAN_APPEND);
    }
    for (size_t i = 0; i < request->address_count && result >= 0; i++) {
        unsigned char bytes[16];
        size_t size = ust_address_bytes(request->addresses[i], bytes);
        if (size == 0) return GNUTLS_E_ILLEGAL_PARAMETER;
        result = gnutls_x509_crt_set_subject_alt_name(certificate, GNUTLS_SAN_IPADDRESS, bytes, (unsigned)size, GNUTLS_FSAN_APPEND);
    }
    return result;
}

static int
set_subject_and_extensions(gnutls_x509_crt_t certificate, gnutls_x509_privkey_t key, const struct ust_certificate_request *request)
{
    int result = gnutls_x509_crt_set_version(certificate, 3);
    if (result >= 0) result = set_serial(certificate);
    if (result >= 0) result = gnutls_x509_crt_set_activation_time(certificate, (time_t)request->not_before);
    if (result >= 0) result = gnutls_x509_crt_set_expiration_time(certificate, (time_t)request->not_after);
    if (result >= 0 && request->organization != NULL)
        result = gnutls_x509_crt_set_dn_by_oid(
            certificate, GNUTLS_OID_X520_ORGANIZATION_NAME, 0, request->organization, (unsigned)strlen(request->organization));
    if (result >= 0)
        result = gnutls_x509_crt_set_dn_by_oid(
            certificate, GNUTLS_OID_X520_COMMON_NAME, 0, request->common_name, (unsigned)strlen(request->common_name));
    if (result >= 0) result = gnutls_x509_crt_set_key(certificate, key);
    if (result < 0) return result;

    unsigned char key_id[64];
    size_t key_id_size = sizeof key_id;
    result = gnutls_x509_crt_get_key_id(certificate, GNUTLS_KEYID_USE_SHA1, key_id, &key_id_size);
    if (result >= 0) result = gnutls_x509_crt_set_subject_key_id(certificate, key_id, key_id_size);
    if (result < 0) return result;

    if (request->is_ca) {
        result = gnutls_x509_crt_set_basic_constraints(certificate, 1, 0);
        if (result >= 0) result = gnutls_x509_crt_set_key_usage(certificate, GNUTLS_KEY_KEY_CERT_SIGN | GNUTLS_KEY_CRL_SIGN | GNUTLS_KEY_DIGITAL_SIGNATURE);
        return result;
    }
    result = gnutls_x509_crt_set_basic_constraints(certificate, 0, -1);
    if (result >= 0) result = gnutls_x509_crt_set_key_usage(certificate, GNUTLS_KEY_DIGITAL_SIGNATURE);
    if (result >= 0) result = gnutls_x509_crt_set_key_purpose_oid(certificate, GNUTLS_KP_TLS_WWW_SERVER, 0);
    if (result >= 0) result = set_names(certificate, request);
    return result;
}

int
ust_make_certificate(const struct ust_certificate_request *request, char **cert_pem)
{
    gnutls_x509_privkey_t key = NULL, issuer_key = NULL;
    gnutls_x509_crt_t certificate = NULL, issuer = NULL;
    gnutls_datum_t datum = { NULL, 0 };
    int result = ust_read_key(request->key_pem, &key);
    if (result < 0) return result;
    result = gnutls_x509_crt_init(&certificate);
    if (result < 0) goto done;
    if (request->issuer_cert_pem != NULL) {
        result = ust_read_certificate(request->issuer_cert_pem, &issuer);
        if (result < 0) {
            issuer = NULL;
            goto done;
        }
        result = ust_read_key(request->issuer_key_pem, &issuer_key);
        if (result < 0) {
            issuer_key = NULL;
            goto done;
        }
    }
    result = set_subject_and_extensions(certificate, key, request);
    if (result < 0) goto done;
    if (issuer != NULL) {
        unsigned char issuer_id[64];
        size_t issuer_id_size = sizeof issuer_id;
        unsigned critical = 0;
        if (gnutls_x509_crt_get_subject_key_id(issuer, issuer_id, &issuer_id_size, &critical) >= 0)
            result = gnutls_x509_crt_set_authority_key_id(certificate, issuer_id, issuer_id_size);
        if (result >= 0) result = gnutls_x509_crt_sign2(certificate, issuer, issuer_key, GNUTLS_DIG_SHA256, 0);
    } else {
        result = gnutls_x509_crt_sign2(certificate, certificate, key, GNUTLS_DIG_SHA256, 0);
    }
    if (result >= 0) result = gnutls_x509_crt_export2(certificate, GNUTLS_X509_FMT_PEM, &datum);
    if (result >= 0) result = ust_take_string(&datum, cert_pem);

done:
    if (certificate != NULL) gnutls_x509_crt_deinit(certificate);
    if (issuer != NULL) gnutls_x509_crt_deinit(issuer);
    if (issuer_key != NULL) gnutls_x509_privkey_deinit(issuer_key);
    gnutls_x509_privkey_deinit(key);
    return result;
}
