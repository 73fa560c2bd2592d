/* The one file of CUnderstudyTLS that calls the system's socket library: an IP address between its text and
 * the bytes a certificate's subjectAltName holds (4 for IPv4, 16 for IPv6). */
#include <arpa/inet.h>
#include <sys/socket.h>

#include "internal.h"

size_t
ust_address_bytes(const char *text, unsigned char bytes[16])
{
    if (inet_pton(AF_INET, text, bytes) == 1) return 4;
    if (inet_pton(AF_INET6, text, bytes) == 1) return 16;
    return 0;
}

int
ust_address_text(const unsigned char *bytes, size_t size, char *out, size_t out_size)
{
    if (size != 4 && size != 16) return GNUTLS_E_ILLEGAL_PARAMETER;
    return inet_ntop(size == 4 ? AF_INET : AF_INET6, bytes, out, (socklen_t)out_size) != NULL ? 0 : GNUTLS_E_SHORT_MEMORY_BUFFER;
}
