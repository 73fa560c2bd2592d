#include <stdlib.h>
#include <string.h>

#include "CUnderstudyTLS.h"
#include "internal.h"

const char *
ust_error_text(int code)
{
    return gnutls_strerror(code);
}

void
ust_free(void *pointer)
{
    free(pointer);
}

gnutls_datum_t
ust_datum(const char *pem)
{
    gnutls_datum_t datum = { (unsigned char *)pem, (unsigned int)strlen(pem) };
    return datum;
}

int
ust_read_certificate(const char *pem, gnutls_x509_crt_t *certificate)
{
    int result = gnutls_x509_crt_init(certificate);
    if (result < 0) return result;
    gnutls_datum_t datum = ust_datum(pem);
    /* Without a PEM header, GnuTLS would read the bytes as DER: a clearer error than a parse of junk. */
    if (strstr(pem, "-----BEGIN CERTIFICATE-----") == NULL) result = GNUTLS_E_BASE64_UNEXPECTED_HEADER_ERROR;
    else result = gnutls_x509_crt_import(*certificate, &datum, GNUTLS_X509_FMT_PEM);
    if (result < 0) gnutls_x509_crt_deinit(*certificate);
    return result;
}

int
ust_read_key(const char *pem, gnutls_x509_privkey_t *key)
{
    int result = gnutls_x509_privkey_init(key);
    if (result < 0) return result;
    gnutls_datum_t datum = ust_datum(pem);
    result = gnutls_x509_privkey_import2(*key, &datum, GNUTLS_X509_FMT_PEM, NULL, 0);
    if (result < 0) gnutls_x509_privkey_deinit(*key);
    return result;
}

int
ust_take_string(gnutls_datum_t *datum, char **out)
{
    char *text = malloc(datum->size + 1);
    if (text == NULL) {
        gnutls_free(datum->data);
        return GNUTLS_E_MEMORY_ERROR;
    }
    memcpy(text, datum->data, datum->size);
    text[datum->size] = 0;
    gnutls_free(datum->data);
    *out = text;
    return 0;
}
