/*
 * GnuTLS, the TLS library libmicrohttpd is built with on Debian and Homebrew: only
 * CUnderstudyTLS includes it (certificates are made and read there), so no Swift
 * module sees a GnuTLS type.
 */
#ifndef CGNUTLS_SHIM_H
#define CGNUTLS_SHIM_H

#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <gnutls/abstract.h>
#include <gnutls/crypto.h>

#endif
